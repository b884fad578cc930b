/**
 * The comment rules of the languages no parser on this machine reads (docs/build.md "Descriptions
 * in generated code"), checked the way their lexers read them:
 * - Swift and Kotlin: `//` runs to the end of the line; `/* … *\/` nests (an inner `/*` needs its own
 *   `*\/`); a `*\/` outside a comment is an error; `"…"` strings (with `\` escapes) hold no comments.
 * - XML 1.0 "Comments": `<!--` … `-->` holds no `--` and does not end in `-`.
 */

/** The source with its comments removed (each replaced by one space), or an error naming the line. */
export function stripNestedComments(source: string): string {
  let out = '';
  let i = 0;
  const lineAt = (at: number): number => source.slice(0, at).split('\n').length;
  while (i < source.length) {
    const two = source.slice(i, i + 2);
    if (two === '//') {
      while (i < source.length && source[i] !== '\n') i++;
      out += ' ';
    } else if (two === '/*') {
      const start = i;
      let depth = 0;
      do {
        const pair = source.slice(i, i + 2);
        if (pair === '/*') [depth, i] = [depth + 1, i + 2];
        else if (pair === '*/') [depth, i] = [depth - 1, i + 2];
        else if (i >= source.length) throw new Error(`line ${lineAt(start)}: block comment never closed`);
        else i++;
      } while (depth > 0);
      out += ' ';
    } else if (two === '*/') {
      throw new Error(`line ${lineAt(i)}: "*/" outside a comment`);
    } else if (source[i] === '"') {
      const start = i++;
      while (i < source.length && source[i] !== '"' && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      if (source[i] !== '"') throw new Error(`line ${lineAt(start)}: string never closed`);
      out += source.slice(start, ++i);
    } else {
      out += source[i++];
    }
  }
  return out;
}

/** The problems of every XML comment in the text (empty when all keep the rule). */
export function xmlCommentProblems(xml: string): string[] {
  const problems: string[] = [];
  for (const m of xml.matchAll(/<!--([\s\S]*?)-->/g)) {
    const body = m[1]!;
    if (body.includes('--')) problems.push(`"--" inside <!--${body}-->`);
    if (body.endsWith('-')) problems.push(`comment ends in "-": <!--${body}-->`);
  }
  return problems;
}
