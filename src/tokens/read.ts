/** The reader, split by stage under read/ (issue 10); this path stays for its importers. */
export {
  analyzeTokens,
  FOLDER_SET,
  type TokenFileSource,
  type TokenSources,
} from './read/index.js';
