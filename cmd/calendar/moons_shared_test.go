package calendar

import (
	"strings"
	"testing"
)

// twinRecord is record.json with two moons named Luna, ids 1 and 2.
func twinRecord(t *testing.T) string {
	t.Helper()
	record := strings.Replace(readTestdata(t, "record.json"),
		`"moons":[{"name":"Selûne","fullmoon":"30.4375","offset":0,"colour":"white","id":9}]`,
		`"moons":[{"name":"Luna","fullmoon":"10","offset":0,"colour":"white","id":1},{"name":"Luna","fullmoon":"7","offset":3,"colour":"white","id":2}]`, 1)
	if !strings.Contains(record, `"id":2}`) {
		t.Fatal("record.json's moons changed: the twin calendar is not made")
	}
	return record
}

// An update's moons without ids keep the ids of the current moons of their
// name in order: the first Luna, its fullmoon changed, is still moon 1 and
// the second still moon 2, so a reminder on 2_f stays on the second.
func TestUpdateKeepsTheIDsOfMoonsOfOneNameInOrder(t *testing.T) {
	record := twinRecord(t)
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", sentBack(t, record, map[string]any{"moon_name": []string{"Luna", "Luna"}, "moon_fullmoon": []float64{12, 7},
			"moon_offset": []int{0, 3}, "moon_colour": []string{"white", "white"}, "moon_id": []any{1, 2}}), 200, data(record)})
	env.In.WriteString("moons: [{name: Luna, fullmoon: 12, colour: white}, {name: Luna, fullmoon: 7, offset: 3, colour: white}]\n")
	if err := env.run("update", "12", "-f", "-"); err != nil {
		t.Fatal(err)
	}
}

// A file that gives the second Luna's id to the first moves the reminders
// on it to the other moon: refused as a moon taken away, nothing sent.
func TestUpdateThatMovesAnIDToAnotherMoonOfItsNameIsRefused(t *testing.T) {
	record := twinRecord(t)
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12/reminders", "", 200, page(1, 1, 15, reminderOn(3, "2_f"))})
	env.In.WriteString("moons: [{name: Luna, fullmoon: 12, id: 2}, {name: Luna, fullmoon: 7, offset: 3}]\n")
	err := env.run("update", "12", "-f", "-")
	want := `calendar 12 "Harptos": this write takes away the moon ids that a reminder repeats on (reminder 3 on Luna's full): ` +
		"they would fall on no moon, or on another. Nothing was sent: keep those moons with their ids (the file `kanka calendar get -o yaml` writes has them), or add --force"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
