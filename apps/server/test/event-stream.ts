/**
 * The unread counts of a GET /api/notification/events answer, one at a time: each call waits
 * for the stream's next `count` event and answers its `unread`. Throws when the stream ends.
 */
export function unreadCounts(response: Response): () => Promise<number> {
  const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffered = '';
  return async () => {
    for (;;) {
      const match = /event: count\ndata: (\{[^\n]*\})\n\n/.exec(buffered);
      if (match) {
        buffered = buffered.slice(match.index + match[0].length);
        return (JSON.parse(match[1] ?? '{}') as { unread: number }).unread;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffered += decoder.decode(value, { stream: true });
    }
  };
}
