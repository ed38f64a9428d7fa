package content

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"golang.org/x/net/html"
)

// renderMarkdown renders md as CommonMark (with GitHub's tables) into HTML.
func renderMarkdown(md string) (*html.Node, error) {
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert([]byte(md), &b); err != nil {
		return nil, err
	}
	return html.Parse(&b)
}

// markdownText is the text a reader sees of md: rendered, then its text
// blocks one a line.
func markdownText(md string) (string, error) {
	doc, err := renderMarkdown(md)
	if err != nil {
		return "", err
	}
	return strings.Join(textBlocks(doc), "\n"), nil
}
