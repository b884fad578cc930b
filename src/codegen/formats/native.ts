/**
 * Swift, Compose and Android resource files, printed by us with the bytes of Style Dictionary's
 * ios-swift/class.swift, compose/object and android/resources as wrapped.ts calls them (no
 * references kept, no file header options, no formatting options), so a build of our platforms
 * never loads Style Dictionary (docs/architecture.md "Build"). Each is that format's template, its
 * createPropertyFormatter line and its default file header, for those arguments only;
 * test/build/native-formats.test.ts holds them to Style Dictionary's own formats.
 */
import type { TransformedToken } from 'style-dictionary/types';
import { blockCommentText, commentLines, xmlCommentText } from './comments.js';
import { GENERATED, SHORT_HEADER } from './common.js';

/** The tokens sorted as Style Dictionary's sortByName does (the same comparator, so the same order). */
function sortedByName(tokens: readonly TransformedToken[]): TransformedToken[] {
  return [...tokens].sort((a, b) => (b.name > a.name ? -1 : 1));
}

/** A description's lines for Swift and Kotlin, whose block comments nest (formats/comments.ts). */
const docLines = (comment: string): string[] => commentLines(comment).map((l) => blockCommentText(l, true));

/**
 * One Swift declaration: createPropertyFormatter's `name = value` without references, and the
 * description (or `comment`) as a long comment, inline, or above the whole declaration with each
 * line prefixed ` * ` when it has several lines (Style Dictionary puts those between `let` and the
 * name, which does not compile: docs/build.md "Descriptions in generated code").
 */
function swiftLines(t: TransformedToken): string[] {
  const line = `public static let ${t.name} = ${t['$value']}`;
  const comment = (t['$description'] ?? t['comment']) as string | undefined;
  if (!comment) return [line];
  const lines = docLines(comment);
  if (lines.length === 1) return [`${line} /** ${lines[0]} */`];
  return ['/**', ...lines.map((l) => ` * ${l}`), ' */', line];
}

export interface SwiftOptions {
  className: string;
  /** The file's path, named in its header comment. */
  destination: string;
}

/** ios-swift/class.swift: `public class <className>` with one `public static let` per token. */
export function swiftClass(tokens: readonly TransformedToken[], o: SwiftOptions): string {
  const lines = sortedByName(tokens).flatMap(swiftLines);
  return `
//
// ${o.destination}
//
${SHORT_HEADER}
import UIKit

public class ${o.className ? `${o.className} ` : ''}{
    ${lines.join('\n    ')}
}`;
}

export interface ComposeOptions {
  className: string;
  packageName: string;
  imports: readonly string[];
}

/**
 * compose/object: `object <className>` with one `val` per token. Its comments come from `comment`
 * only, which our tokens never carry (docs/build.md "Descriptions in generated code"); one is
 * still made safe for Kotlin.
 */
export function composeObject(tokens: readonly TransformedToken[], o: ComposeOptions): string {
  const comment = (t: TransformedToken): string =>
    t['comment'] ? `/** ${docLines(t['comment'] as string).join('\n')} */\n  ` : '';
  const lines = sortedByName(tokens).map((t) => `  ${comment(t)}val ${t.name} = ${t['$value']}`);
  return `
${SHORT_HEADER}

package ${o.packageName}

${o.imports.map((item) => `import ${item}`).join('\n')}

object ${o.className ? `${o.className} ` : ''}{
${lines.join('\n')}
}\n`;
}

/**
 * android/resources with a resource map: one element per token, named by its `$type` through the
 * map (`string` when it holds none), in the order given. Its comments come from `comment` only, as
 * in compose/object; one is still made safe for XML.
 */
export function androidResourceFile(tokens: readonly TransformedToken[], resourceMap: Record<string, string>): string {
  const typeOf = (t: TransformedToken): string => {
    const type = t['$type'] as string | undefined;
    return type && resourceMap[type] ? resourceMap[type] : 'string';
  };
  const lines = tokens.map(
    (t) =>
      `<${typeOf(t)} name="${t.name}">${t['$value']}</${typeOf(t)}>${t['comment'] ? `<!-- ${xmlCommentText(t['comment'] as string)} -->` : ''}`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>

<!--
  ${GENERATED}
-->
<resources>
  ${lines.join('\n  ')}
</resources>`;
}
