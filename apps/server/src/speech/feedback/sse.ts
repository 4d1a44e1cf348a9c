/** Yields the `data` payload of each event in a text/event-stream body (multi-line data joined by "\n"). */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const take = (line: string): string | null => {
    if (line === '') {
      const event = data.length ? data.join('\n') : null;
      data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return null;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
    return null;
  };
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) !== -1) {
      // A lone CR at the end may be the first half of CRLF split across packets.
      if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      const event = take(line);
      if (event !== null) yield event;
    }
  }
  buffer += decoder.decode();
  if (buffer) {
    const event = take(buffer);
    if (event !== null) yield event;
  }
  const last = take('');
  if (last !== null) yield last;
}
