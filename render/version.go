package render

import (
	"fmt"
	"runtime/debug"
)

// Version writes the version v with what the build info knows: the
// module version, the commit (marked "modified" for a dirty tree), its
// date and the Go version. A nil info gives v alone.
func Version(v string, info *debug.BuildInfo) string {
	if info == nil {
		return v
	}
	if mv := info.Main.Version; mv != "" && mv != "(devel)" {
		v += " (module " + mv + ")"
	}
	var rev, when, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = " (modified)"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(", commit %.12s%s of %s", rev, dirty, when)
	}
	return v + ", " + info.GoVersion
}

// BuildVersion is Version with the running binary's build information.
func BuildVersion(v string) string {
	info, _ := debug.ReadBuildInfo()
	return Version(v, info)
}
