/**
 * Runs `deleteBatch` (a delete of at most `batchSize` rows, answering how many it deleted) until one
 * deletes fewer: each statement stays short whatever the backlog, and rows another replica's run
 * deleted first are simply not found again. Answers the total deleted.
 */
export async function deleteInBatches(
  batchSize: number,
  deleteBatch: (limit: number) => Promise<{ numDeletedRows: bigint }>,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = Number((await deleteBatch(batchSize)).numDeletedRows);
    deleted += rows;
    if (rows < batchSize) return deleted;
  }
}
