package cmdutil

import (
	"context"
	"testing"
)

func TestReadInputDropsTheByteOrderMark(t *testing.T) {
	s, in, _, _ := Test()
	in.WriteString("\xef\xbb\xbfname: Harptos\n")
	data, err := ReadInput(context.Background(), s, "-")
	if err != nil || string(data) != "name: Harptos\n" {
		t.Errorf("got %q, %v", data, err)
	}
}
