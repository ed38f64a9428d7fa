package e2e

import (
	"database/sql"
	"fmt"
	"os"
	"testing"
	"time"
)

// BenchmarkWorkers crawls a 600-page plain site over six loopback hosts
// (each page answering in 20 ms) with one worker and with three sharing a
// PostgreSQL crawl, one tab each, and reports pages a second.
func BenchmarkWorkers(b *testing.B) {
	bin := build(b)
	ips := []string{"127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6"}
	for _, n := range []int{1, 3} {
		b.Run(fmt.Sprintf("workers=%d", n), func(b *testing.B) {
			var secs float64
			for b.Loop() {
				s := serveSite(b, 600, ips, 20*time.Millisecond)
				dsn := pg.DB(b)
				common := []string{"--mode", "plain", "--host-interval", "5ms", "--delay", "0", "--concurrency", "1",
					"--depth", "-1", "--max-pages", "-1", "--keep", "none"}
				db, err := sql.Open("pgx", dsn)
				if err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				// The resumed workers start once the first has created the crawl.
				first := startB(b, bin, append(append([]string{"crawl", "--db", dsn, "--out", os.DevNull}, common...), s.args()...)...)
				for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
					var runs int
					if db.QueryRow(`SELECT COUNT(*) FROM runs`).Scan(&runs) == nil && runs > 0 {
						break
					}
				}
				ws := []*worker{first}
				for range n - 1 {
					ws = append(ws, startB(b, bin, "crawl", "--resume", "--db", dsn, "--out", os.DevNull))
				}
				for _, w := range ws {
					if err := <-w.exited; err != nil {
						b.Fatalf("worker: %v\n%s", err, w.stderr.String())
					}
				}
				secs += time.Since(start).Seconds()
				var pages int
				db.QueryRow(`SELECT COUNT(*) FROM pages`).Scan(&pages)
				db.Close()
				if pages != 600 {
					b.Fatalf("%d pages recorded; want 600", pages)
				}
			}
			b.ReportMetric(600*float64(b.N)/secs, "pages/s")
		})
	}
}
