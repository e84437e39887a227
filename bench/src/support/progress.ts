/** Progress notes go to stderr so stdout holds only results. */
export function progress(message: string): void {
  process.stderr.write(`  … ${message}\n`);
}
