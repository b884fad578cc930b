/**
 * A token's description as comment text that cannot end or open a comment in the generated file
 * (docs/build.md "Descriptions in generated code"). A description is free text, so:
 * - its lines are cut at every line break a target language knows (`\r\n`, `\r`, `\n`, form feed,
 *   U+2028, U+2029), so a `//` comment never lets the rest of a line become code and a file never
 *   mixes line endings;
 * - inside a block comment its terminator (`*` then `/`) is written `*\/`, and in Swift and Kotlin,
 *   where block comments nest, `/*` is written `/\*` too: a backslash between the two characters,
 *   as many doc-comment generators write it;
 * - inside an XML comment, which may not hold `--`, a space goes between two hyphens.
 * A description without these is printed as it is, so its bytes are Style Dictionary's.
 */

const LINE_BREAK = /\r\n|[\r\n\f\u2028\u2029]/;

/** The description's lines (one when it has no line break). */
export function commentLines(text: string): string[] {
  return text.split(LINE_BREAK);
}

/**
 * One line made safe inside a `/* … *\/` comment. `nests`: the language nests block comments
 * (Swift, Kotlin), so an opening `/*` is broken up as well. `*\/` is broken first: breaking either
 * only puts a backslash between two characters, so neither pair can appear again.
 */
export function blockCommentText(line: string, nests: boolean): string {
  const closed = line.replaceAll('*/', '*\\/');
  return nests ? closed.replaceAll('/*', '/\\*') : closed;
}

/** Text made safe inside `<!-- … -->`: no `--` (XML 1.0 "Comments"); line breaks as `\n`. */
export function xmlCommentText(text: string): string {
  return commentLines(text)
    .join('\n')
    .replace(/-(?=-)/g, '- ');
}
