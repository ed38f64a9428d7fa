package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
)

// rawConn is the writer's own connection seen below database/sql, for the
// statements run for every page. database/sql's bookkeeping for one
// statement in a transaction (a statement bound to the transaction, its
// arguments converted by reflection, a result wrapped twice) costs about
// as much as SQLite's own work for these small statements. The writer's
// goroutine alone uses it, inside the transaction it has begun on the same
// connection.
type rawConn struct {
	conn  driver.Conn
	stmts map[string]driver.Stmt
	args  []driver.NamedValue
	dest  []driver.Value
}

// rawWrite runs fn on the writer's connection, in the transaction the
// writer has open on it; fn's statements take that transaction's context.
//
// A panic in fn is returned as an error: left to Conn.Raw, it would close the
// connection, which waits for the transaction open on it, for ever.
func (s *Store) rawWrite(fn func(r *rawConn) error) error {
	return s.wconn.Raw(func(dc any) (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("store: a write panicked: %v\n%s", p, debug.Stack())
			}
		}()
		c, ok := dc.(driver.Conn)
		if !ok {
			return fmt.Errorf("store: the SQLite driver's connection is a %T", dc)
		}
		s.raw.conn = c
		return fn(&s.raw)
	})
}

// stmt returns the hot statement name, prepared on first use.
func (r *rawConn) stmt(name string) (driver.Stmt, error) {
	if st, ok := r.stmts[name]; ok {
		return st, nil
	}
	st, err := r.conn.Prepare(hot[name])
	if err != nil {
		return nil, fmt.Errorf("store: preparing %s: %w", name, err)
	}
	if r.stmts == nil {
		r.stmts = map[string]driver.Stmt{}
	}
	r.stmts[name] = st
	return st, nil
}

// bind sets args as the next statement's arguments: int becomes int64,
// the other values are driver values already.
func (r *rawConn) bind(args []any) []driver.NamedValue {
	r.args = r.args[:0]
	for i, a := range args {
		if n, ok := a.(int); ok {
			a = int64(n)
		}
		r.args = append(r.args, driver.NamedValue{Ordinal: i + 1, Value: a})
	}
	return r.args
}

// run executes the hot statement name under ctx, the transaction's.
func (r *rawConn) run(ctx context.Context, name string, args []any) (driver.Result, error) {
	st, err := r.stmt(name)
	if err != nil {
		return nil, err
	}
	ex, ok := st.(driver.StmtExecContext)
	if !ok {
		return nil, errors.New("store: the SQLite driver's statements cannot execute with a context")
	}
	return ex.ExecContext(ctx, r.bind(args))
}

// exec runs the hot statement name and returns how many rows it changed.
func (r *rawConn) exec(ctx context.Context, name string, args ...any) (int64, error) {
	res, err := r.run(ctx, name, args)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// insert runs the hot INSERT statement name and returns the row it added,
// or 0 when it added none (an INSERT OR IGNORE that was ignored).
func (r *rawConn) insert(ctx context.Context, name string, args ...any) (int64, error) {
	res, err := r.run(ctx, name, args)
	if err != nil {
		return 0, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return 0, err
	}
	return res.LastInsertId()
}

// queryRow runs the hot statement name and returns the first column of its
// first row, or sql.ErrNoRows.
func (r *rawConn) queryRow(ctx context.Context, name string, args ...any) (driver.Value, error) {
	row, err := r.row(ctx, name, args...)
	if err != nil {
		return nil, err
	}
	return row[0], nil
}

// row runs the hot statement name and returns its first row, valid until
// the next statement, or sql.ErrNoRows.
func (r *rawConn) row(ctx context.Context, name string, args ...any) ([]driver.Value, error) {
	st, err := r.stmt(name)
	if err != nil {
		return nil, err
	}
	q, ok := st.(driver.StmtQueryContext)
	if !ok {
		return nil, errors.New("store: the SQLite driver's statements cannot query with a context")
	}
	rows, err := q.QueryContext(ctx, r.bind(args))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if cap(r.dest) < len(rows.Columns()) {
		r.dest = make([]driver.Value, len(rows.Columns()))
	}
	dest := r.dest[:len(rows.Columns())]
	if err := rows.Next(dest); err == io.EOF {
		return nil, sql.ErrNoRows
	} else if err != nil {
		return nil, err
	}
	return dest, nil
}

// close closes the prepared statements.
func (r *rawConn) close() {
	for _, st := range r.stmts {
		st.Close()
	}
	clear(r.stmts)
}

// claim is Store.claim on the raw connection.
func (r *rawConn) claim(ctx context.Context, canon, url string) (string, error) {
	n, err := r.exec(ctx, "claim", canon, url)
	if err != nil || n == 1 {
		return url, err
	}
	v, err := r.queryRow(ctx, "holder", canon) // ignored: another page holds it
	if err != nil {
		return "", err
	}
	return asString(v), nil
}

// asString is a TEXT column's value, which the driver may give as bytes.
func asString(v driver.Value) string {
	switch v := v.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	}
	return ""
}
