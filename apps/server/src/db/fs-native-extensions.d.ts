// The part of fs-native-extensions the data-folder lock uses (the package ships no types).
declare module 'fs-native-extensions' {
  const fsExt: {
    /** An exclusive lock on the open file; false when another open file description holds one. */
    tryLock(fd: number, options?: { shared?: boolean }): boolean;
    unlock(fd: number): void;
  };
  export default fsExt;
}
