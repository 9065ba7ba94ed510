// The browser's reading of the live stream (src/services/liveStream.ts): the text/event-stream format as the server
// writes it (infra/live/hub.ts eventText, the ready event, heartbeats, the opening padding), whole messages whatever
// the chunks, CRLF and CR line ends, a message split anywhere, comments ignored.
import { describe, expect, it } from 'vitest';
import { eventText } from '../../server/infra/live/hub';
import { SseParser } from '../../src/services/liveStream';

const EVENT = eventText({ id: 12, type: 'conversation', payload: '{"conversationId":7}' });
const READY = 'event: ready\ndata: {"lastEventId":12,"resync":false}\n\n';

describe('SseParser', () => {
  it('reads what the server writes: padding, heartbeat, an event with its id, the ready event', () => {
    const parser = new SseParser();
    const messages = parser.feed(`:${' '.repeat(2048)}\n\n${EVENT}: \n\n${READY}`);
    expect(messages).toEqual([
      { event: 'message', id: '12', data: '{"id":12,"type":"conversation","data":{"conversationId":7}}' },
      { event: 'ready', id: '12', data: '{"lastEventId":12,"resync":false}' },
    ]);
    expect(JSON.parse(messages[0]!.data)).toEqual({ id: 12, type: 'conversation', data: { conversationId: 7 } });
  });

  it('gives the same messages however the text is cut', () => {
    const text = `${EVENT}${READY}${eventText({ id: 13, type: 'ticket', payload: '{"ticketId":3}' })}`;
    const whole = new SseParser().feed(text);
    for (let cut = 1; cut < text.length; cut += 7) {
      const parser = new SseParser();
      expect([...parser.feed(text.slice(0, cut)), ...parser.feed(text.slice(cut))]).toEqual(whole);
    }
    const bytewise = new SseParser();
    expect([...text].flatMap((char) => bytewise.feed(char))).toEqual(whole);
  });

  it('takes CRLF and CR line ends, several data lines, and a field without a space', () => {
    const parser = new SseParser();
    expect(parser.feed('id:5\r\ndata:a\r\ndata: b\r\r\n')).toEqual([{ event: 'message', id: '5', data: 'a\nb' }]);
    // A CR at the end of a chunk may be half of a CRLF: nothing is lost or doubled.
    expect([...parser.feed('data: c\r'), ...parser.feed('\n\r\n')]).toEqual([{ event: 'message', id: '5', data: 'c' }]);
  });
});
