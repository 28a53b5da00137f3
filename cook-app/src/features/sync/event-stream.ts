// Reads a server-sent-events body (text/event-stream) as it arrives, with eventsource-parser: fetch
// rather than EventSource, because EventSource cannot send the bearer header.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Calls onEvent for each event of the stream; resolves when the stream ends, rejects when it fails. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: EventSourceMessage) => void,
): Promise<void> {
  const parser = createParser({ onEvent });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
