// Package yamlwrite writes YAML as go.yaml.in/yaml/v3 does, in one pass.
//
// kanka writes its YAML (-o yaml, export, the file edit opens) from
// yaml.Node trees: a record's file form keeps the order of its keys, which
// a Go map would sort. The library makes such a tree from a Go value only by
// writing the value as text and parsing the text back ((*yaml.Node).Encode),
// and its encoder keeps every event of a document until the end (about
// 300 bytes each, a few hundred thousand for a calendar naming 20,000
// years). This package does both in one pass, and the library stays the
// reference:
//
//   - Node makes the tree (*yaml.Node).Encode makes, without the text;
//   - Append writes a tree byte for byte as the library's encoder does
//     with an indent of two, for the trees kanka builds, and hands the
//     library what it does not know (comments, anchors, explicit tags,
//     a key longer than a simple key) whole.
//
// The tests hold both to the library, on every preset and on fuzzed
// values and trees.
package yamlwrite
