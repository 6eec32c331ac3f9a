package client_test

import (
	"context"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// An entity is read from the live service's entity endpoint, its name and
// type kept (what a reminder belongs to is said by them).
func TestGetEntity(t *testing.T) {
	api := newMockAPI(t)
	api.on("GET", "entities/50", reply(200, `{"data":{"id":50,"name":"Harptos","type":"calendar","type_id":8}}`))
	c, _ := api.client()
	e, err := c.GetEntity(context.Background(), 50)
	if err != nil || *e != (client.Entity{ID: 50, Name: "Harptos", Type: "calendar"}) {
		t.Errorf("entity %+v %v", e, err)
	}
	if got := api.sequence(); len(got) != 1 || got[0] != "GET /api/1.0/campaigns/7/entities/50" {
		t.Errorf("requests %q", got)
	}
}
