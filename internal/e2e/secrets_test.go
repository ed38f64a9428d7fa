package e2e

import (
	"bytes"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
)

// A password given in --db (in the URL's user part or as a parameter) is
// written nowhere: not in the run event on stdout, not in the runs table,
// not in the stored settings, not on stderr. The server trusts loopback,
// so the crawl connects whatever password it is given.
func TestDatabasePasswordNotWritten(t *testing.T) {
	t.Parallel()
	dsn := pg.DB(t)
	const userSecret, paramSecret = "userpw-3141", "parampw-2718"
	withSecrets := strings.Replace(dsn, "postgres://postgres@", "postgres://postgres:"+userSecret+"@", 1) + "&password=" + paramSecret
	if !strings.Contains(withSecrets, userSecret) {
		t.Fatalf("the test database URL %q has no user part to put a password in", dsn)
	}
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, "<html><head><title>Home</title></head><body><p>A page with a few words on it for the crawl to keep.</p></body></html>")
	}))
	defer site.Close()

	bin := build(t)
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "crawl", "--db", withSecrets, "--mode", "plain", "--depth", "0", "--host-interval", "0s", "--delay", "0s", site.URL+"/")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("crawl: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), `"event":"run"`) || !strings.Contains(stdout.String(), `"db":"postgres://postgres:xxxxx@`) {
		t.Errorf("the run event does not name the database without its password:\n%s", stdout.String())
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var stored strings.Builder
	for _, q := range []string{`SELECT run_event || COALESCE(done_event, '') FROM runs`, `SELECT key || '=' || value FROM meta`} {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			stored.WriteString(s + "\n")
		}
		rows.Close()
	}
	if !strings.Contains(stored.String(), `"event":"run"`) {
		t.Fatalf("the runs table holds no run event:\n%s", stored.String())
	}
	for where, text := range map[string]string{"stdout": stdout.String(), "stderr": stderr.String(), "the database": stored.String()} {
		for _, secret := range []string{userSecret, paramSecret} {
			if strings.Contains(text, secret) {
				t.Errorf("%s holds the password %s:\n%s", where, secret, text)
			}
		}
	}
}
