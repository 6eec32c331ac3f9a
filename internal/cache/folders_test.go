package cache_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
)

func TestClear(t *testing.T) {
	s := newSetup(t)
	root := filepath.Join(s.root, "kanka")
	s.k = cache.Open(cache.Options{Root: root, Profile: "p", Host: "h", Campaign: campaignID, Token: token, Now: s.clock.Now})
	s.c = newClient(t, s.svc, s.k)
	warm(t, s, 3)
	refresh(t, s)
	if err := cache.Clear(root); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("after Clear, the root is still there: %v", err)
	}
	if err := cache.Clear(root); err != nil {
		t.Errorf("Clear of a root that is gone: %v", err)
	}
	t.Chdir(s.root)
	if err := os.Mkdir("relative", 0o700); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "relative"} {
		if err := cache.Clear(bad); err == nil {
			t.Errorf("Clear(%q) gave no error", bad)
		}
	}
	if _, err := os.Stat("relative"); err != nil {
		t.Errorf("Clear of a relative path removed it: %v", err)
	}
}

func TestForgetHostRemovesOneHostForEveryProfile(t *testing.T) {
	root, clk := t.TempDir(), newClock()
	hosts := []string{"api.kanka.io", "127.0.0.1:8080/api/1.0", "../escape"}
	for _, profile := range []string{"default", "work"} {
		for _, host := range hosts {
			for _, campaign := range []int{7, 8} {
				k := cache.Open(cache.Options{Root: root, Profile: profile, Host: host, Campaign: campaign, Token: token, Now: clk.Now})
				k.CalendarSeen(&client.Calendar{ID: 1, Raw: []byte(`{"id":1,"name":"Harptos"}`)})
				if _, ok := k.FreshCalendar("1"); !ok {
					t.Fatalf("no cache for %s %s %d", profile, host, campaign)
				}
			}
		}
	}
	if err := cache.ForgetHost(root, "127.0.0.1:8080/api/1.0"); err != nil {
		t.Fatal(err)
	}
	for _, profile := range []string{"default", "work"} {
		for _, host := range hosts {
			for _, campaign := range []int{7, 8} {
				k := cache.Open(cache.Options{Root: root, Profile: profile, Host: host, Campaign: campaign, Token: token, Now: clk.Now})
				_, ok := k.FreshCalendar("1")
				if want := host != hosts[1]; ok != want {
					t.Errorf("%s %s %d: cached = %v, want %v", profile, host, campaign, ok, want)
				}
			}
		}
	}
	if err := cache.ForgetHost(filepath.Join(root, "none"), "h"); err != nil {
		t.Errorf("ForgetHost of a root that does not exist: %v", err)
	}
}

// hostile are profile and host names that must each have a folder of
// their own under the root.
var hostile = []string{
	"", ".", "..", "...", "../x", "..\\x", "/abs", "a/b", "a_b", "a?b", "a\\b", "a:b", "a b", "a\x00b",
	"x/../../y", "ü", "é", "名前", "Ü", "-", "-rf", "~", ".hidden", "a.", "CON", strings.Repeat("n", 120),
}

func TestFolderNamesStayInsideTheRootAndNeverCollide(t *testing.T) {
	root := t.TempDir()
	seen := map[string]string{}
	for _, profile := range hostile {
		for _, host := range hostile {
			k := cache.Open(cache.Options{Root: root, Profile: profile, Host: host, Campaign: 7})
			rel, err := filepath.Rel(root, k.Dir())
			if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
				t.Fatalf("profile %q host %q: folder %q is outside the root", profile, host, k.Dir())
			}
			if parts := strings.Split(rel, string(filepath.Separator)); len(parts) != 3 {
				t.Errorf("profile %q host %q: folder %q is not profile/host/campaign", profile, host, rel)
			}
			key := fmt.Sprintf("%q %q", profile, host)
			if other, ok := seen[k.Dir()]; ok {
				t.Errorf("%s and %s share the folder %s", key, other, rel)
			}
			seen[k.Dir()] = key
		}
	}
	// The cache writes there, and nowhere else.
	svc := newService(t)
	svc.addCalendar("Harptos")
	svc.addSunny(1, 2)
	for _, name := range hostile {
		k := cache.Open(cache.Options{Root: root, Profile: name, Host: name, Campaign: 7, Token: token, Now: newClock().Now})
		weather(t, k, newClient(t, svc, k), 1, time.Hour, all)
		if _, err := os.Stat(filepath.Join(k.Dir(), weatherFile(1))); err != nil {
			t.Errorf("profile and host %q: %v", name, err)
		}
	}
	for _, rel := range filesUnder(t, filepath.Dir(root)) {
		if rel != "." && !strings.HasPrefix(rel, filepath.Base(root)) {
			t.Errorf("%s was written outside the root", rel)
		}
	}
}

// The hash that tells a changed name apart is only added to changed
// names: a name written as another's folder name must not get its folder.
func TestFolderNameThatLooksLikeAnothersDoesNotShareIt(t *testing.T) {
	sum := sha256.Sum256([]byte("a/b"))
	lookalike := "a_b-" + hex.EncodeToString(sum[:4])
	root := t.TempDir()
	a := cache.Open(cache.Options{Root: root, Profile: "a/b", Host: "h", Campaign: 7})
	b := cache.Open(cache.Options{Root: root, Profile: lookalike, Host: "h", Campaign: 7})
	if a.Dir() == b.Dir() {
		t.Errorf("profiles %q and %q share the folder %s", "a/b", lookalike, a.Dir())
	}
}

// Profiles that differ only in case are two profiles; on a file system
// that ignores case (macOS, Windows) their folders must differ by more.
func TestFolderNamesDifferingOnlyInCaseDoNotShareAFolder(t *testing.T) {
	root := t.TempDir()
	a := cache.Open(cache.Options{Root: root, Profile: "Work", Host: "h", Campaign: 7})
	b := cache.Open(cache.Options{Root: root, Profile: "work", Host: "h", Campaign: 7})
	if strings.EqualFold(a.Dir(), b.Dir()) {
		t.Errorf("profiles Work and work share a folder where case is ignored: %s, %s", a.Dir(), b.Dir())
	}
}

// A name too long for a folder turns the cache off; nothing fails.
func TestNameTooLongForAFolder(t *testing.T) {
	s := newSetup(t)
	s.k = cache.Open(cache.Options{Root: s.root, Profile: strings.Repeat("p", 300), Host: "h", Campaign: campaignID, Token: token, Now: s.clock.Now})
	s.c = newClient(t, s.svc, s.k)
	s.svc.addSunny(1, 20)
	for range 2 {
		wantList(t, "entries", weather(t, s.k, s.c, 1, time.Hour, all), s.svc.listing(1))
		wantRequests(t, s.svc, walk(1, 2)...)
	}
	refresh(t, s)
	if _, err := s.c.UpdateWeather(t.Context(), 1, 103, sunnyDay("rain")); err != nil {
		t.Fatal(err)
	}
}

func TestRoot(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for xdg, want := range map[string]string{
		filepath.Join(home, "xdg"): filepath.Join(home, "xdg", "kanka"),
		"":                         filepath.Join(home, ".cache", "kanka"),
		"relative/cache":           filepath.Join(home, ".cache", "kanka"), // ignored, as the XDG spec asks
	} {
		t.Setenv("XDG_CACHE_HOME", xdg)
		got, err := cache.Root()
		if err != nil || got != want {
			t.Errorf("XDG_CACHE_HOME=%q: Root() = %q, %v; want %q", xdg, got, err, want)
		}
	}
}

func TestSandboxHostIsOneAStateFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	a, b := cache.SandboxHost("state.json"), cache.SandboxHost(filepath.Join(dir, "state.json"))
	if a != b {
		t.Errorf("one state file, two hosts: %q, %q", a, b)
	}
	if c := cache.SandboxHost(filepath.Join(dir, "other.json")); c == a {
		t.Errorf("two state files, one host: %q", c)
	}
	if !strings.HasPrefix(a, "sandbox-") {
		t.Errorf("SandboxHost = %q", a)
	}
}

func TestOpenWithoutARootIsNoCache(t *testing.T) {
	if k := cache.Open(cache.Options{Profile: "p", Host: "h", Campaign: 7}); k != nil {
		t.Errorf("Open without a root = %v, want nil", k)
	}
}
