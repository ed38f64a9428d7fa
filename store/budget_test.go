package store

import "testing"

// TestRowBudgetHoldsBackTheRecordThatDoesNotFit: with the budget spent, a
// record waits (asking the writer to hurry) until rows are given back; a
// record larger than the whole budget goes once nothing else is held.
func TestRowBudgetHoldsBackTheRecordThatDoesNotFit(t *testing.T) {
	t.Parallel()
	var b rowBudget
	if got := b.take(RecordBudget-10, func() { t.Error("the first record waited with nothing held") }); got != RecordBudget-10 {
		t.Fatalf("took %d rows; want %d", got, RecordBudget-10)
	}
	if got := b.take(10, func() { t.Error("a record that fits waited") }); got != 10 {
		t.Fatalf("took %d rows; want 10", got)
	}

	hurried := make(chan struct{}, 4) // one for each wait
	took := make(chan int)
	go func() { took <- b.take(3*RecordBudget, func() { hurried <- struct{}{} }) }()
	waits := func(when string) {
		t.Helper()
		select {
		case n := <-took:
			t.Fatalf("a record of %d rows went %s", n, when)
		case <-hurried: // it waits, and has asked the writer to hurry
		}
	}
	waits("with the budget spent")
	b.give(10)
	waits("with 10 rows given back of the budget it needs")
	b.give(RecordBudget - 10)
	if n := <-took; n != RecordBudget {
		t.Fatalf("an oversized record took %d rows; want the whole budget, %d", n, RecordBudget)
	}
	b.mu.Lock()
	used := b.used
	b.mu.Unlock()
	if used != RecordBudget {
		t.Fatalf("the budget holds %d rows; want %d", used, RecordBudget)
	}
}
