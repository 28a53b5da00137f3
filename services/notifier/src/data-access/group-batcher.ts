export type GroupBatcherOptions = {
  /** Batches running at once; a call made while they all run waits for the next batch. */
  maxInFlight?: number;
  /** Most calls in one batch. */
  maxBatch?: number;
};

type Waiting<I, O> = { item: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/**
 * Group commit: runs calls in batches, one result per item in order. An idle batcher runs a call at once,
 * alone, so batching adds no wait; under load the calls that arrive while `maxInFlight` batches run go
 * together in the next one. A batch that fails rejects each of its calls with the error.
 */
export const createGroupBatcher = <I, O>(
  runBatch: (items: I[]) => Promise<O[]>,
  { maxInFlight = 1, maxBatch = 100 }: GroupBatcherOptions = {},
): ((item: I) => Promise<O>) => {
  const waiting: Waiting<I, O>[] = [];
  let inFlight = 0;

  const run = async (batch: Waiting<I, O>[]) => {
    try {
      const outputs = await runBatch(batch.map((call) => call.item));
      if (outputs.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} answered ${outputs.length} results`);
      }
      batch.forEach((call, i) => call.resolve(outputs[i] as O));
    } catch (error) {
      for (const call of batch) call.reject(error);
    }
  };

  const pump = () => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      inFlight += 1;
      void run(waiting.splice(0, maxBatch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
};
