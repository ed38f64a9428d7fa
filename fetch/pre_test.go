package fetch

import "testing"

func TestPreBlock(t *testing.T) {
	tests := []struct{ in, want string }{
		{"x = 1", "x = 1"},
		{"\n\n  x = 1  \r\n\ty = 2\t\r\n\n", "  x = 1\n\ty = 2"},
		{"a\n\n\nb", "a\n\n\nb"},
		{"a\rb", "a\nb"},
		{" \n\t\n", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := PreBlock(tt.in); got != tt.want {
			t.Errorf("PreBlock(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
