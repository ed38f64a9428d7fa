package pgtest

import (
	"context"
	"database/sql"
	"os"
	"testing"
)

var pg Server

func TestMain(m *testing.M) { os.Exit(Main(m, &pg)) }

// Two databases of the one server are separate, and the server listens on
// loopback only.
func TestDatabasesAreSeparate(t *testing.T) {
	a, b := pg.DB(t), pg.DB(t)
	if a == b {
		t.Fatalf("DB returned %s twice", a)
	}
	da, err := sql.Open("pgx", a)
	if err != nil {
		t.Fatal(err)
	}
	defer da.Close()
	if _, err := da.Exec(`CREATE TABLE x (v int)`); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("pgx", b)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'x'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("table of one database seen in the other: n=%d err=%v", n, err)
	}
	var listen string
	if err := da.QueryRowContext(context.Background(), `SHOW listen_addresses`).Scan(&listen); err != nil || listen != "127.0.0.1" {
		t.Errorf("listen_addresses = %q (%v); want 127.0.0.1", listen, err)
	}
}
