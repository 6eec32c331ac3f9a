package mcp

// What the tests of package mcp_test (which import cmd/root, and so cannot
// be in this package) read of its insides.
var (
	ForwardedGlobals = forwardedGlobals
	KeptGlobals      = keptGlobals
)
