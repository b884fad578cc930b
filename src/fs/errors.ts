/**
 * File-system failures in words: every one names the path and the fix, instead of
 * ending in "unexpected failure: EISDIR". Pure: the caller passes the error and the path it used.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import { runCwd } from '../run-scope.js';

export class FileSystemError extends TokensyncError {
  override name = 'FileSystemError';
  /** The path as shown in the message. */
  readonly path: string;
  constructor(code: string, file: string, message: string, hint: string, cause?: unknown) {
    super(code, message, { hint, ...(cause === undefined ? {} : { cause }) });
    this.path = file;
  }
}

/** A path as the user typed it: relative to the working folder when inside it, else absolute. */
export function shownPath(file: string): string {
  const cwd = runCwd();
  const abs = path.resolve(cwd, file);
  const rel = path.relative(cwd, abs);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel.split(path.sep).join('/');
}

/** The nearest ancestor of `file` that exists and is not a folder (the cause of an ENOTDIR). */
function fileInTheWay(file: string): string | undefined {
  let dir = path.dirname(path.resolve(runCwd(), file));
  for (;;) {
    try {
      if (!statSync(dir).isDirectory()) return dir;
    } catch {
      // missing or unreadable: keep climbing
    }
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

export type Access = 'read' | 'write' | 'list';

/** A Node errno error on `file` as a FileSystemError; anything else is returned unchanged. */
export function fsError(err: unknown, file: string, access: Access): unknown {
  if (err instanceof TokensyncError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return err;
  const shown = shownPath(file);
  const verb = access === 'write' ? 'written' : access === 'list' ? 'listed' : 'read';
  switch (code) {
    case 'EISDIR':
      return new FileSystemError(
        'FS_IS_DIRECTORY',
        shown,
        `${shown} is a folder, where a file is expected, so it cannot be ${verb}.`,
        `Move or rename the folder ${shown}; tokensync needs a regular file at that path.`,
        err,
      );
    case 'ENOTDIR': {
      const blocker = fileInTheWay(file);
      const where = blocker ? shownPath(blocker) : undefined;
      return new FileSystemError(
        'FS_NOT_A_DIRECTORY',
        shown,
        where
          ? `${where} is a file, but ${shown} needs it to be a folder.`
          : `a part of ${shown} is a file where a folder is expected.`,
        where
          ? `Move or rename the file ${where}, or point the setting that names this path at a folder.`
          : 'Check every folder on that path.',
        err,
      );
    }
    case 'ELOOP':
      return new FileSystemError(
        'FS_SYMLINK_LOOP',
        shown,
        `${shown} is a symbolic link that loops (it leads back to itself), so it cannot be ${verb}.`,
        `Point the link at a real file (\`ls -l ${shown}\` shows where it leads), or replace it with the file.`,
        err,
      );
    case 'EACCES':
    case 'EPERM':
      return new FileSystemError(
        'FS_PERMISSION',
        shown,
        `${shown} cannot be ${verb}: permission denied.`,
        access === 'write'
          ? `Give the user running tokensync write access to ${shown} and its folder.`
          : `Give the user running tokensync read access to ${shown} (e.g. chmod u+r).`,
        err,
      );
    case 'EROFS':
      return new FileSystemError(
        'FS_READ_ONLY',
        shown,
        `${shown} cannot be written: the file system is read-only.`,
        'Run tokensync where the folder is writable, or point the setting at a writable folder.',
        err,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return new FileSystemError(
        'FS_FULL',
        shown,
        `${shown} cannot be written: no space left on the device.`,
        'Free some space and run the command again; files are written atomically, so nothing is half-written.',
        err,
      );
    case 'EEXIST':
      return new FileSystemError(
        'FS_EXISTS',
        shown,
        `${shown} cannot be created: something else already exists at that path.`,
        `Move ${shown} away and run the command again.`,
        err,
      );
    case 'ENAMETOOLONG':
      return new FileSystemError(
        'FS_NAME_TOO_LONG',
        shown,
        `${shown} cannot be ${verb}: the path is too long for the file system.`,
        'Use shorter collection, mode or folder names.',
        err,
      );
    case 'EMFILE':
    case 'ENFILE':
      return new FileSystemError(
        'FS_TOO_MANY_OPEN',
        shown,
        `${shown} cannot be ${verb}: too many files are open.`,
        'Raise the open-file limit (ulimit -n) and run the command again.',
        err,
      );
    default:
      return new FileSystemError(
        'FS_ERROR',
        shown,
        `${shown} cannot be ${verb} (${code}).`,
        'Check that the path exists and is accessible, then run the command again.',
        err,
      );
  }
}

/** What kind of non-regular file this is, in words. */
export function specialKind(st: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

export function notRegularFile(file: string, kind: string): FileSystemError {
  const shown = shownPath(file);
  if (kind === 'a folder')
    return fsError(Object.assign(new Error('EISDIR'), { code: 'EISDIR' }), file, 'read') as FileSystemError;
  return new FileSystemError(
    'FS_NOT_REGULAR',
    shown,
    `${shown} is ${kind}, not a regular file; tokensync does not read it (reading could block forever).`,
    `Replace ${shown} with a regular file.`,
  );
}
