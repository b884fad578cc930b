/**
 * Variables by collection and name: a map of maps, so a lookup hashes the two names the variable
 * already holds (V8 keeps a string's hash) instead of building and hashing a `collection\u0000name`
 * key each time (the plan compiler looks 10k variables up several times per compile; docs/benchmarks.md
 * "No-op pull and push, and the initial push: the push's own stages (third round)"). Later entries
 * replace earlier ones, as with a Map.
 */
export interface Named {
  collection: string;
  name: string;
}

export class ByName<T extends Named> {
  private readonly byCollection = new Map<string, Map<string, T>>();

  set(item: T): void {
    let names = this.byCollection.get(item.collection);
    if (!names) {
      names = new Map();
      this.byCollection.set(item.collection, names);
    }
    names.set(item.name, item);
  }

  get(ref: Named): T | undefined {
    return this.byCollection.get(ref.collection)?.get(ref.name);
  }

  has(ref: Named): boolean {
    return this.get(ref) !== undefined;
  }
}
