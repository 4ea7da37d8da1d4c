//go:build !linux

package arena

import "errors"

func startSetsidHelper(string) error { return errors.New("no setsid here") }
