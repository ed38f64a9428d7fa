package discovery

import (
	"encoding/json"
	"net/url"
	"testing"
)

func TestClassify(t *testing.T) {
	t.Parallel()
	same := func(h string) bool { return h == "site.test" }
	tests := []struct {
		url  string
		want Kind
	}{
		{"http://site.test/", KindPage},
		{"http://site.test/docs/guide.html", KindPage},
		{"http://site.test/docs/guide", KindPage},
		{"http://site.test/files/Report.PDF", KindDocument},
		{"http://site.test/export.csv?x=1", KindDocument},
		{"http://site.test/img/logo.svg", KindImage},
		{"http://site.test/video/intro.mp4", KindMedia},
		{"http://site.test/static/app.js", KindAsset},
		{"http://site.test/blog/feed", KindFeed},
		{"http://site.test/blog/rss.xml", KindFeed},
		{"http://site.test/?feed=rss2", KindFeed},
		{"http://site.test/?fe%65d=atom", KindFeed},
		{"http://site.test/?x=1&feed=RSS", KindFeed},
		{"http://site.test/?x=feed", KindPage},
		{"http://site.test/?feed=json", KindPage},
		{"http://site.test/sitemap.xml", KindPage},
		{"http://other.test/report.pdf", KindExternal},
		{"http://sub.site.test/", KindExternal},
	}
	for _, tt := range tests {
		u, _ := url.Parse(tt.url)
		if got := Classify(u, same); got != tt.want {
			t.Errorf("Classify(%s) = %s; want %s", tt.url, got, tt.want)
		}
	}
}

func TestKindsJSONHasEveryKey(t *testing.T) {
	t.Parallel()
	b, err := json.Marshal(Kinds{KindImage: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"page":0,"document":0,"image":2,"media":0,"asset":0,"feed":0,"external":0}`
	if string(b) != want {
		t.Errorf("json = %s; want %s", b, want)
	}
}

// AllKinds is a copy: a caller that changes it changes neither the set nor
// the JSON of a tally.
func TestAllKindsIsACopy(t *testing.T) {
	k := AllKinds()
	k[0] = "changed"
	if AllKinds()[0] != KindPage {
		t.Errorf("AllKinds()[0] = %q after a caller changed its copy; want %q", AllKinds()[0], KindPage)
	}
	b, err := json.Marshal(Kinds{KindPage: 1})
	if err != nil || string(b) != `{"page":1,"document":0,"image":0,"media":0,"asset":0,"feed":0,"external":0}` {
		t.Errorf("Kinds JSON = %s, %v", b, err)
	}
}
