/** File-system errors in words (pure mapping; the permission case cannot be produced as root in CI). */
import { describe, expect, it } from 'vitest';
import { fsError, FileSystemError } from '../../src/fs/errors.js';

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code });

describe('fsError', () => {
  it('names the path and the fix for an unreadable or unwritable file', () => {
    const read = fsError(errno('EACCES'), 'tokens/a.tokens.json', 'read') as FileSystemError;
    expect(read).toBeInstanceOf(FileSystemError);
    expect(`${read.message} | ${read.hint}`).toMatchInlineSnapshot(
      `"tokens/a.tokens.json cannot be read: permission denied. | Give the user running tokensync read access to tokens/a.tokens.json (e.g. chmod u+r)."`,
    );
    const write = fsError(errno('EROFS'), 'build/x.css', 'write') as FileSystemError;
    expect(`${write.message} | ${write.hint}`).toMatchInlineSnapshot(
      `"build/x.css cannot be written: the file system is read-only. | Run tokensync where the folder is writable, or point the setting at a writable folder."`,
    );
    expect((fsError(errno('ENOSPC'), 'a', 'write') as FileSystemError).code).toBe('FS_FULL');
  });

  it('passes through what is not an errno error', () => {
    const plain = new Error('x');
    expect(fsError(plain, 'a', 'read')).toBe(plain);
  });
});
