package cmdtest

import (
	"fmt"
	"strings"
)

// The calendar list's answers carry the server's time (sync), from which
// apply's check before the first write asks for the calendars changed
// since: a second earlier, whole seconds. LastSync is that request as the
// tests write it, LastSyncQuery as it is sent (the colons escaped).
const (
	ListSync      = "2026-01-09T10:00:00.500000Z"
	LastSync      = "GET calendars?lastSync=2026-01-09T09:59:59.000000Z"
	LastSyncQuery = "GET calendars?lastSync=2026-01-09T09%3A59%3A59.000000Z"
)

// List is the only page of a list answer holding records, with ListSync.
func List(records ...string) string {
	return fmt.Sprintf(`{"data":[%s],"links":{"first":"x","last":"x","prev":null,"next":null},`+
		`"meta":{"current_page":1,"from":1,"last_page":1,"per_page":15,"to":%d,"total":%d},"sync":%q}`,
		strings.Join(records, ","), len(records), len(records), ListSync)
}

// One is a single record's answer, as the live service wraps it.
func One(record string) string { return `{"data":` + record + `}` }

// OK is an expected request with body ("" for none), answered 200.
func OK(request, body, answer string) Exchange {
	return Exchange{Request: request, Body: body, Status: 200, Answer: answer}
}

// Created is an expected request with body, answered 201.
func Created(request, body, answer string) Exchange {
	return Exchange{Request: request, Body: body, Status: 201, Answer: answer}
}
