package sites

import (
	"fmt"
	"io"
	"net/http/httptest"
	"regexp"
	"testing"
)

// Every page of a dense site carries k links, and every page is linked
// from its parent in the tree, so a crawl from "/" reaches all n.
func TestDenseLinksEveryPage(t *testing.T) {
	const n, k = 50, 3
	ts := httptest.NewServer(Dense(n, k))
	defer ts.Close()
	href := regexp.MustCompile(`href="(/[^"]*)"`)
	linked := map[string]bool{"/": true}
	for i := range n {
		path := "/"
		if i > 0 {
			path = fmt.Sprintf("/p/%d", i)
		}
		resp, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", path, resp.StatusCode)
		}
		links := href.FindAllStringSubmatch(string(body), -1)
		if len(links) != k {
			t.Errorf("%s carries %d links; want %d", path, len(links), k)
		}
		for _, l := range links {
			linked[l[1]] = true
		}
	}
	for i := 1; i < n; i++ {
		if p := fmt.Sprintf("/p/%d", i); !linked[p] {
			t.Errorf("no page links %s", p)
		}
	}
	resp, err := ts.Client().Get(ts.URL + fmt.Sprintf("/p/%d", n))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("a page past the site's end: status %d; want 404", resp.StatusCode)
	}
}
