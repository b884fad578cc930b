/**
 * Reading a text file the user controls (token files, the lock, the config): only a regular file is
 * read. The file is opened with O_NONBLOCK and checked with fstat on the open handle, so a FIFO or a
 * device put in a token file's place is refused without blocking (a FIFO made
 * `check` hang forever), and there is no window between the check and the read. Errors name the
 * path and the fix (errors.ts). A missing file is `undefined`, not an error.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { FileSystemError, fsError, notRegularFile, shownPath, specialKind } from './errors.js';

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * `strictUtf8`: bytes that are not UTF-8 are an error naming file:line:col, instead of becoming
 * U+FFFD (such a token was pushed with U+FFFD in it).
 */
export async function readTextFile(file: string, opts: { strictUtf8?: boolean } = {}): Promise<string | undefined> {
  const bytes = await readFileBytes(file);
  if (bytes === undefined) return undefined;
  try {
    return opts.strictUtf8 ? decodeStrict(bytes, file) : decodeLoose(bytes);
  } catch (err) {
    throw fsError(err, file, 'read');
  }
}

/** The bytes of a regular file (the checks of readTextFile), or undefined when it does not exist. */
export async function readFileBytes(file: string): Promise<Buffer | undefined> {
  let handle;
  try {
    handle = await open(file, FLAGS);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fsError(err, file, 'read');
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw notRegularFile(file, specialKind(st));
    return await handle.readFile();
  } catch (err) {
    throw fsError(err, file, 'read');
  } finally {
    await handle.close();
  }
}

/**
 * readFileBytes without the promise API: no FileHandle and no thread-pool round trip per call, which
 * the reader's few large files in the page cache do not need (docs/benchmarks.md "The cold read").
 */
export function readFileBytesSync(file: string): Buffer | undefined {
  return withRegularFileSync(file, (fd) => readFileSync(fd));
}

/**
 * Opens `file` (undefined when it does not exist), refuses anything but a regular file (checked on
 * the open descriptor, as above), and gives the descriptor and size to `read`; the descriptor is
 * closed after, and an error names the file.
 */
function withRegularFileSync<T>(file: string, read: (fd: number, size: number) => T): T | undefined {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fsError(err, file, 'read');
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw notRegularFile(file, specialKind(st));
    return read(fd, st.size);
  } catch (err) {
    throw fsError(err, file, 'read');
  } finally {
    closeSync(fd);
  }
}

/** The buffer readFileBytesShared reads into, kept between calls up to this size. */
let shared: Buffer | undefined;
const SHARED_MAX = 16 * 1024 * 1024;

/**
 * readFileBytesSync into one buffer kept between calls: the bytes are valid only until the next call,
 * so a caller copies what it keeps before anything else can read (no `await` in between). A fresh
 * buffer per file is fresh memory for the kernel to map and V8 to count as external: the 8 files of
 * the 10k x 2 set took 26-30 ms of CPU read into new buffers and 5-8 ms into one (docs/benchmarks.md
 * "The cold read").
 */
export function readFileBytesShared(file: string): Buffer | undefined {
  return withRegularFileSync(file, (fd, size) => {
    // One byte more than the size, so the read that finds the end needs no larger buffer.
    const buf = readAll(fd, shared !== undefined && shared.length > size ? shared : Buffer.allocUnsafeSlow(size + 1));
    if (buf.buf.length <= SHARED_MAX) shared = buf.buf;
    return buf.buf.subarray(0, buf.size);
  });
}

/**
 * The bytes of a regular file (the checks of readTextFile) in a buffer of their own with at least
 * `room` bytes past them, for the caller to write into (the lock's escapes, model/json-bytes.ts).
 */
export function readFileWithRoom(file: string, room: number): { buf: Buffer; size: number } | undefined {
  return withRegularFileSync(file, (fd, size) => {
    const read = readAll(fd, Buffer.allocUnsafeSlow(size + 1 + room));
    if (read.buf.length - read.size >= room) return read;
    const larger = Buffer.allocUnsafeSlow(read.size + room);
    read.buf.copy(larger, 0, 0, read.size);
    return { buf: larger, size: read.size };
  });
}

/** Reads `fd` to its end into `buf`, or a larger buffer when the file grew while it was read. */
function readAll(fd: number, start: Buffer): { buf: Buffer; size: number } {
  let buf = start;
  let n = 0;
  for (;;) {
    if (n === buf.length) {
      // The file grew while it was read: go on in a buffer twice as large.
      const larger = Buffer.allocUnsafeSlow(buf.length * 2);
      buf.copy(larger, 0, 0, n);
      buf = larger;
    }
    const got = readSync(fd, buf, n, buf.length - n, null);
    if (got === 0) break;
    n += got;
  }
  return { buf, size: n };
}

export function readTextFileSync(file: string): string | undefined {
  return readFileBytesSync(file)?.toString('utf8');
}

/**
 * UTF-8 with U+FFFD for a bad byte, decoded whole: `readFile({ encoding })` decodes chunk by chunk
 * into a string of many pieces, which the first search of it (the lock's marker scan) paid to join
 * (~100 ms for a 4.7 MB lock, docs/benchmarks.md "The cold read"). ASCII as Latin-1, as below.
 */
function decodeLoose(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * ASCII (most token files) is valid UTF-8 and decodes as Latin-1, a plain copy: one SIMD check
 * (isAscii) and the copy take ~7 ms for 5.2 MB against ~58 ms for the fatal TextDecoder, which
 * decodes anything else (docs/benchmarks.md "Fast paths").
 */
export function decodeStrict(bytes: Buffer, file: string): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  try {
    return strict.decode(bytes);
  } catch {
    // Only on error: the longest valid prefix (binary search), then its line and column.
    let lo = 0;
    let hi = bytes.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      let ok = true;
      try {
        strict.decode(bytes.subarray(0, mid), { stream: true });
      } catch {
        ok = false;
      }
      // Reset the streaming state; a flush throws when a prefix ends inside a character.
      try {
        strict.decode();
      } catch {
        // reset all the same
      }
      if (ok) lo = mid;
      else hi = mid - 1;
    }
    // A prefix that ends inside a character counted as valid while streaming: back to its start.
    while (lo > 0 && !isUtf8(bytes.subarray(0, lo))) lo--;
    const prefix = bytes.subarray(0, lo).toString('utf8');
    const lines = prefix.split('\n');
    const line = lines.length;
    const column = [...lines[lines.length - 1]!].length + 1;
    const shown = shownPath(file);
    const byte = bytes[lo] ?? 0;
    throw new FileSystemError(
      'FS_INVALID_UTF8',
      shown,
      `${shown}:${line}:${column}: invalid UTF-8 (byte 0x${byte.toString(16).padStart(2, '0')}); token files must be UTF-8.`,
      'Save the file as UTF-8 in your editor (the bad byte is usually a character from another encoding, such as Latin-1).',
    );
  }
}
