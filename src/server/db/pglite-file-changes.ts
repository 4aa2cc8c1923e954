import type { PGlite } from '@electric-sql/pglite';

// Which files of a PGlite data folder changed, told by PGlite's own file layer instead of found by walking the folder
// (ADR 18). PGlite reaches the disk through Emscripten's NODEFS, whose operations are one shared table of functions:
// each is wrapped to note the file it wrote, truncated or created and the folder whose entries it changed, then calls
// the original. Noting costs a Set insert; the paths are worked out only when a sync pass takes them.

/** What the wrappers see of an Emscripten file-system node: enough to name it on the disk. */
interface FsNode {
  parent: FsNode;
}
interface FsStream {
  node: FsNode;
}
type Operation = (...args: never[]) => unknown;
/** The part of Emscripten's NODEFS this module relies on (its `node_ops` and `stream_ops` tables, and `realPath`). */
interface NodeFs {
  realPath(node: FsNode): string;
  node_ops: Record<string, Operation | undefined>;
  stream_ops: Record<string, Operation | undefined>;
}

export interface ChangedPaths {
  files: string[];
  folders: string[];
}

export interface FileChanges {
  /** What changed since the last take, and starts over. */
  take(): ChangedPaths;
  /** Puts back what a pass took and could not sync, for the next pass. */
  putBack(paths: ChangedPaths): void;
}

function isNodeFs(value: unknown): value is NodeFs {
  const candidate = value as Partial<NodeFs> | undefined;
  return typeof candidate?.realPath === 'function' && typeof candidate.node_ops === 'object' && typeof candidate.stream_ops === 'object';
}

/**
 * Starts noting the changes PGlite makes to its data folder from now on. null when its file layer is not the one this
 * module knows (another PGlite version): the caller then finds changes by walking the folder.
 */
export function trackFileChanges(client: PGlite): FileChanges | null {
  const nodeFs: unknown = (client.Module as { NODEFS?: unknown }).NODEFS;
  if (!isNodeFs(nodeFs)) return null;
  const { node_ops: nodeOps, stream_ops: streamOps } = nodeFs;
  const operations = [streamOps.write, streamOps.setattr, nodeOps.setattr, nodeOps.mknod, nodeOps.rename, nodeOps.unlink, nodeOps.rmdir];
  if (operations.some((operation) => typeof operation !== 'function')) return null;

  let files = new Set<FsNode>();
  let folders = new Set<FsNode>();
  /** Paths put back after a failed pass: their nodes may be gone from the tree since. */
  let pending: ChangedPaths = { files: [], folders: [] };

  const wrap = (table: Record<string, Operation | undefined>, name: string, note: (args: unknown[]) => void) => {
    const original = table[name]!;
    // Noted before the call: a rename moves its node to the new folder, and a change that then fails costs one fsync.
    table[name] = function (this: unknown, ...args: never[]) {
      note(args);
      return original.apply(this, args);
    } as Operation;
  };
  /** A change of size (a truncation) changes the file; a change of mode or times alone is not worth an fsync. */
  const resized = (attr: unknown) => (attr as { size?: number } | undefined)?.size !== undefined;

  wrap(streamOps, 'write', ([stream]) => files.add((stream as FsStream).node));
  wrap(streamOps, 'setattr', ([stream, attr]) => resized(attr) && files.add((stream as FsStream).node));
  wrap(nodeOps, 'setattr', ([node, attr]) => resized(attr) && files.add(node as FsNode));
  wrap(nodeOps, 'mknod', ([parent]) => folders.add(parent as FsNode));
  // A renamed file (a recycled WAL segment) is found under its new name only once both folders are synced.
  wrap(nodeOps, 'rename', ([node, newFolder]) => {
    folders.add((node as FsNode).parent);
    folders.add(newFolder as FsNode);
  });
  wrap(nodeOps, 'unlink', ([parent]) => folders.add(parent as FsNode));
  wrap(nodeOps, 'rmdir', ([parent]) => folders.add(parent as FsNode));

  return {
    take() {
      const taken = {
        files: [...new Set([...pending.files, ...[...files].map((node) => nodeFs.realPath(node))])],
        folders: [...new Set([...pending.folders, ...[...folders].map((node) => nodeFs.realPath(node))])],
      };
      files = new Set();
      folders = new Set();
      pending = { files: [], folders: [] };
      return taken;
    },
    putBack(paths) {
      pending = { files: [...pending.files, ...paths.files], folders: [...pending.folders, ...paths.folders] };
    },
  };
}
