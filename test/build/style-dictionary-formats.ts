/**
 * Style Dictionary's own formats, called as our formats call their renderings of them
 * (formats/wrapped.ts `VariableFormats` and `NativeFormats`): the referee of the differential tests
 * (variables-format.test.ts, native-formats.test.ts). The build itself never loads Style Dictionary
 * for our platforms (docs/architecture.md "Build").
 */
import StyleDictionary from 'style-dictionary';
import type { Dictionary, FormatFnArguments, TransformedToken } from 'style-dictionary/types';
import type { NativeFormats, VariableFormats } from '../../src/codegen/formats/wrapped.js';

/** Runs Style Dictionary's own format `name` over `tokens`, with extra options. */
async function builtin(
  name: string,
  args: FormatFnArguments,
  tokens: TransformedToken[],
  options: Record<string, unknown>,
): Promise<string> {
  const fn = StyleDictionary.hooks.formats[name];
  if (!fn) throw new Error(`Style Dictionary has no format ${name}`);
  const fileOptions = { ...(args.file.options ?? {}), ...options };
  // Inherited rather than spread, so direct.ts's lazy `tokens` getter is not called for nothing.
  const call = Object.create(args) as FormatFnArguments;
  const dictionary = Object.create(args.dictionary) as Dictionary;
  dictionary.allTokens = tokens;
  Object.assign(call, {
    dictionary,
    file: { ...args.file, options: fileOptions },
    options: { ...args.options, ...options },
  });
  return String(await fn(call));
}

export const SD_VARIABLES: VariableFormats = {
  css: (args, tokens, options) =>
    builtin('css/variables', args, tokens, {
      ...options,
      // css/variables reverses the selector list it is given, in place.
      ...(Array.isArray(options.selector) ? { selector: [...options.selector] } : {}),
    }),
  scss: (args, tokens, options) => builtin('scss/variables', args, tokens, { ...options }),
};

export const SD_NATIVE: NativeFormats = {
  swift: (args, tokens, o) =>
    builtin('ios-swift/class.swift', args, tokens, { className: o.className, outputReferences: false }),
  compose: (args, tokens, o) =>
    builtin('compose/object', args, tokens, {
      className: o.className,
      packageName: o.packageName,
      outputReferences: false,
      import: [...o.imports],
    }),
  android: (args, tokens, resourceMap) =>
    builtin('android/resources', args, tokens, { resourceMap, outputReferences: false }),
};
