// RESP2, the Redis wire protocol (https://redis.io/docs/latest/develop/reference/protocol-spec/), as far as
// the rate-limit store needs it: commands go out as arrays of bulk strings; replies come back as simple
// strings, errors, integers, bulk strings and arrays (nested, possibly null). The client never sends HELLO,
// so the server keeps to RESP2 and none of RESP3's types arrive.

/** A reply. Bulk strings are decoded as UTF-8: the store only reads numbers and text. */
export type RespValue = string | number | null | RedisReplyError | RespValue[];

/** An error reply ("-ERR …"): the server refused one command; the connection is still good. */
export class RedisReplyError extends Error {
  override readonly name = 'RedisReplyError';
}

/** Bytes that are not RESP: the connection can no longer be trusted and must be dropped. */
export class RespProtocolError extends Error {
  override readonly name = 'RespProtocolError';
}

const CRLF = Buffer.from('\r\n');

/** One command as the array of bulk strings Redis expects ("*2\r\n$4\r\nPING\r\n$2\r\nhi\r\n"). */
export function encodeCommand(args: readonly (string | number)[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.from(String(arg), 'utf8');
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, CRLF);
  }
  return Buffer.concat(parts);
}

/** Where a parse ended, or undefined when the buffer holds only part of the reply so far. */
type Parsed = { value: RespValue; end: number } | undefined;

/** Refuses absurd lengths before allocating: nothing the store asks for is anywhere near this. */
const MAX_BULK_BYTES = 512 * 1024 * 1024;

/**
 * Turns the bytes of a connection into replies, however the network splits them: push every chunk as it
 * arrives and take the complete replies it finishes. A partial reply stays buffered until the rest arrives.
 */
export class RespDecoder {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): RespValue[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const replies: RespValue[] = [];
    let start = 0;
    for (;;) {
      const parsed = this.parse(start);
      if (!parsed) break;
      replies.push(parsed.value);
      start = parsed.end;
    }
    this.buffer = this.buffer.subarray(start);
    return replies;
  }

  /** Bytes received that do not yet make a whole reply (tests check nothing is left behind). */
  get pendingBytes(): number {
    return this.buffer.length;
  }

  private parse(at: number): Parsed {
    if (at >= this.buffer.length) return undefined;
    const lineEnd = this.buffer.indexOf(CRLF, at);
    if (lineEnd === -1) return undefined;
    const type = String.fromCharCode(this.buffer[at]!);
    const line = this.buffer.toString('utf8', at + 1, lineEnd);
    const next = lineEnd + 2;
    switch (type) {
      case '+':
        return { value: line, end: next };
      case '-':
        return { value: new RedisReplyError(line), end: next };
      case ':':
        return { value: this.integer(line), end: next };
      case '$': {
        const length = this.integer(line);
        if (length === -1) return { value: null, end: next };
        if (length < 0 || length > MAX_BULK_BYTES) throw new RespProtocolError(`bad bulk length ${line}`);
        if (this.buffer.length < next + length + 2) return undefined;
        if (this.buffer[next + length] !== 13 || this.buffer[next + length + 1] !== 10) {
          throw new RespProtocolError('bulk string not followed by CRLF');
        }
        return { value: this.buffer.toString('utf8', next, next + length), end: next + length + 2 };
      }
      case '*': {
        const count = this.integer(line);
        if (count === -1) return { value: null, end: next };
        if (count < 0) throw new RespProtocolError(`bad array length ${line}`);
        const items: RespValue[] = [];
        let end = next;
        for (let i = 0; i < count; i++) {
          const item = this.parse(end);
          if (!item) return undefined;
          items.push(item.value);
          end = item.end;
        }
        return { value: items, end };
      }
      default:
        throw new RespProtocolError(`unexpected reply type ${JSON.stringify(type)}`);
    }
  }

  private integer(line: string): number {
    if (!/^-?\d+$/.test(line)) throw new RespProtocolError(`not an integer: ${JSON.stringify(line)}`);
    return Number(line);
  }
}
