import { searchTerms } from './text.ts';

/**
 * BM25 over one user's casts or their sentences (at most a few hundred short texts), on stemmed
 * content words. Written here rather than pulled in: the npm options are full search engines with
 * indexing APIs far larger than these 30 lines.
 */
export class CastSearch {
  private readonly documents: { terms: Map<string, number>; length: number }[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;

  constructor(
    readonly texts: readonly string[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.documents = texts.map((text) => {
      const tokens = searchTerms(text);
      const terms = new Map<string, number>();
      for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
      for (const term of terms.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      return { terms, length: tokens.length };
    });
    this.averageLength = this.documents.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, this.documents.length);
  }

  /** True when some text uses the term (a stemmed content word). */
  knows(term: string): boolean {
    return (this.documentFrequency.get(term) ?? 0) > 0;
  }

  /** How telling a term is: high for words in few texts, highest for words in none. */
  idf(term: string): number {
    const df = this.documentFrequency.get(term) ?? 0;
    return Math.log(1 + (this.documents.length - df + 0.5) / (df + 0.5));
  }

  /**
   * Indexes of the best-matching texts, best first; texts sharing no word with the query are left
   * out. The query is a text, or terms already made with searchTerms; `weightOf` says how much each
   * of its terms counts (all alike by default).
   */
  search(
    query: string | readonly string[],
    limit: number,
    weightOf: (term: string) => number = () => 1,
  ): { index: number; score: number }[] {
    // Each term's weighted idf once per query, not once per text it is looked up in.
    const queryTerms = [...new Set(typeof query === 'string' ? searchTerms(query) : query)].map((term) => ({
      term,
      idf: this.idf(term) * weightOf(term),
    }));
    const scored = this.documents.map((doc, index) => {
      let score = 0;
      for (const { term, idf } of queryTerms) {
        const frequency = doc.terms.get(term) ?? 0;
        if (frequency === 0) continue;
        const lengthNorm = 1 - this.b + (this.b * doc.length) / (this.averageLength || 1);
        score += (idf * frequency * (this.k1 + 1)) / (frequency + this.k1 * lengthNorm);
      }
      return { index, score };
    });
    return scored
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, limit);
  }
}
