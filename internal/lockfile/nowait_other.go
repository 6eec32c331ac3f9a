//go:build !unix

package lockfile

// noWait adds nothing where there are no named pipes in the file system
// to wait on (Windows keeps them apart, under \\.\pipe\); Check still
// refuses what is not a regular file.
const noWait = 0
