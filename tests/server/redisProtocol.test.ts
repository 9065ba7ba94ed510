// RESP2 as server/redis/resp.ts writes and reads it: commands as arrays of bulk strings (lengths in bytes),
// every reply type, and replies however the network cuts them. No database and no Redis: the same on both
// dialects.
import { describe, expect, it } from 'vitest';
import { encodeCommand, RedisReplyError, RespDecoder, RespProtocolError, type RespValue } from '../../server/redis/resp';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('encodeCommand', () => {
  it('writes an array of bulk strings', () => {
    expect(encodeCommand(['PING']).toString()).toBe('*1\r\n$4\r\nPING\r\n');
    expect(encodeCommand(['SET', 'k', 'v']).toString()).toBe('*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n');
  });

  it('sends numbers as their decimal text', () => {
    expect(encodeCommand(['PEXPIRE', 'k', 60000]).toString()).toBe('*3\r\n$7\r\nPEXPIRE\r\n$1\r\nk\r\n$5\r\n60000\r\n');
    expect(encodeCommand(['EVAL', 's', 0, 1748887200000]).toString()).toContain('$13\r\n1748887200000\r\n');
  });

  it('counts bytes, not characters, and passes CR LF inside an argument untouched', () => {
    expect(encodeCommand(['GET', 'año:ñ']).toString('utf8')).toBe('*2\r\n$3\r\nGET\r\n$7\r\naño:ñ\r\n');
    expect(encodeCommand(['ECHO', 'a\r\nb']).toString()).toBe('*2\r\n$4\r\nECHO\r\n$4\r\na\r\nb\r\n');
    expect(encodeCommand(['ECHO', '']).toString()).toBe('*2\r\n$4\r\nECHO\r\n$0\r\n\r\n');
  });

  it('is what the decoder reads back (commands are RESP arrays too)', () => {
    const args = ['EVAL', 'return 1\nend', '1', 'clave:ñ', ''];
    expect(new RespDecoder().push(encodeCommand(args))).toEqual([args]);
  });
});

describe('RespDecoder', () => {
  const decodeAll = (text: string) => new RespDecoder().push(bytes(text));

  it('reads every RESP2 reply type', () => {
    expect(decodeAll('+OK\r\n')).toEqual(['OK']);
    expect(decodeAll(':42\r\n:-7\r\n:0\r\n')).toEqual([42, -7, 0]);
    expect(decodeAll('$5\r\nhola!\r\n')).toEqual(['hola!']);
    expect(decodeAll('$0\r\n\r\n')).toEqual(['']);
    expect(decodeAll('$-1\r\n')).toEqual([null]);
    expect(decodeAll('*-1\r\n')).toEqual([null]);
    expect(decodeAll('*0\r\n')).toEqual([[]]);
    expect(decodeAll('*2\r\n:3\r\n:1748887260000\r\n')).toEqual([[3, 1748887260000]]);
  });

  it('reads a bulk string by its byte length, CR LF and UTF-8 included', () => {
    expect(decodeAll('$4\r\na\r\nb\r\n')).toEqual(['a\r\nb']);
    expect(decodeAll('$7\r\naño:ñ\r\n')).toEqual(['año:ñ']);
  });

  it('reads nested arrays with every type inside', () => {
    expect(decodeAll('*4\r\n*2\r\n+a\r\n$1\r\nb\r\n$-1\r\n:5\r\n*1\r\n*0\r\n')).toEqual([[['a', 'b'], null, 5, [[]]]]);
  });

  it('answers an error reply as a RedisReplyError value, also inside an array', () => {
    const [error] = decodeAll('-ERR unknown command\r\n');
    expect(error).toBeInstanceOf(RedisReplyError);
    expect((error as RedisReplyError).message).toBe('ERR unknown command');
    const [array] = decodeAll('*2\r\n+OK\r\n-WRONGTYPE Operation against a key\r\n') as RespValue[][];
    expect(array![1]).toBeInstanceOf(RedisReplyError);
  });

  it('returns several replies from one chunk, in order', () => {
    expect(decodeAll('+PONG\r\n:1\r\n$2\r\nok\r\n*1\r\n:2\r\n')).toEqual(['PONG', 1, 'ok', [2]]);
  });

  it('gives the same replies however the bytes are cut, keeping nothing behind', () => {
    const stream = bytes('+OK\r\n*3\r\n:10\r\n$7\r\naño:ñ\r\n*2\r\n$-1\r\n-ERR x\r\n$3\r\nfin\r\n:-1\r\n');
    const expected = new RespDecoder().push(stream);
    expect(expected).toHaveLength(4);
    // Every cut into two pieces, and one byte at a time.
    for (let cut = 0; cut <= stream.length; cut++) {
      const decoder = new RespDecoder();
      const replies = [...decoder.push(stream.subarray(0, cut)), ...decoder.push(stream.subarray(cut))];
      expect(replies, `cut at ${cut}`).toEqual(expected);
      expect(decoder.pendingBytes).toBe(0);
    }
    const decoder = new RespDecoder();
    const replies: RespValue[] = [];
    for (const byte of stream) replies.push(...decoder.push(Buffer.from([byte])));
    expect(replies).toEqual(expected);
  });

  it('keeps a partial reply until the rest arrives', () => {
    const decoder = new RespDecoder();
    expect(decoder.push(bytes('*2\r\n:1\r\n$5\r\nhel'))).toEqual([]);
    expect(decoder.pendingBytes).toBeGreaterThan(0);
    expect(decoder.push(bytes('lo\r\n+OK'))).toEqual([[1, 'hello']]);
    expect(decoder.push(bytes('\r\n'))).toEqual(['OK']);
    expect(decoder.pendingBytes).toBe(0);
  });

  it('refuses bytes that are not RESP', () => {
    expect(() => decodeAll('hola\r\n')).toThrow(RespProtocolError);
    expect(() => decodeAll(':12a\r\n')).toThrow(RespProtocolError);
    expect(() => decodeAll('$-2\r\n')).toThrow(RespProtocolError);
    expect(() => decodeAll('*-5\r\n')).toThrow(RespProtocolError);
    expect(() => decodeAll('$2\r\nabcd\r\n')).toThrow(/CRLF/);
    // RESP3 types never come: the client does not send HELLO.
    expect(() => decodeAll('%1\r\n+a\r\n:1\r\n')).toThrow(RespProtocolError);
  });
});
