package client

import "context"

// Entity is an entity of the campaign (a character, a calendar's own),
// as GET entities/{id} answers: its name and its type ("character").
// Every record of Kanka is an entity; kanka reads one to say whose a
// reminder is.
type Entity struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Type string `json:"type"`
}

type entityRecord struct {
	ID   flexInt    `json:"id"`
	Name flexString `json:"name"`
	Type flexString `json:"type"`
}

// UnmarshalJSON decodes leniently, within an entity's bounds.
func (e *Entity) UnmarshalJSON(b []byte) error {
	var x entityRecord
	if err := decodeAnswer(b, shapeOf("entity"), "entity", &x, Fields[struct{}]{}, &struct{}{}); err != nil {
		return err
	}
	*e = Entity{ID: int(x.ID), Name: string(x.Name), Type: string(x.Type)}
	return nil
}

// RecordID is the entity's id.
func (e *Entity) RecordID() int { return e.ID }

// GetEntity fetches entity id (the live service's entity endpoint).
func (c *Client) GetEntity(ctx context.Context, id int) (*Entity, error) {
	return Collection[Entity, *Entity]{send: c.at("entities")}.Get(ctx, id)
}
