package store

import (
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://u:s3cret@db.example:5432/crawl?sslmode=disable":                     "postgres://u:xxxxx@db.example:5432/crawl?sslmode=disable",
		"postgresql://u@db.example/crawl?password=s3cret&sslmode=require":               "postgresql://u@db.example/crawl?password=xxxxx&sslmode=require",
		"postgres://u:a@db/crawl?PassWord=s3cret&sslpassword=s3cret&application_name=x": "postgres://u:xxxxx@db/crawl?PassWord=xxxxx&sslpassword=xxxxx&application_name=x",
		"postgres://u@db/crawl?pass%77ord=s3cret":                                       "postgres://u@db/crawl?pass%77ord=xxxxx",
		"host=db user=u password=s3cret dbname=crawl":                                   "host=db user=u password=xxxxx dbname=crawl",
		"host=db password = 's3 cr\\'et' dbname=crawl":                                  "host=db password=xxxxx dbname=crawl",
		"postgres://u:s3cret@db:bad port/crawl":                                         "postgres://…",
		"/var/lib/crawl.db":                                                             "/var/lib/crawl.db",
		"postgres://u@db/crawl":                                                         "postgres://u@db/crawl",
	} {
		got := Redact(in)
		if got != want {
			t.Errorf("Redact(%q) = %q; want %q", in, got, want)
		}
		if strings.Contains(got, "s3") {
			t.Errorf("Redact(%q) = %q keeps the secret", in, got)
		}
	}
}
