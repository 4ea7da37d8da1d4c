package stats

import (
	"math"
	"strconv"
)

// Share writes a share, from 0 to 1, as a percentage with the digits
// given after the point. A share strictly between 0 and 1 never reads as
// 0% or 100%: it reads "<0.1%" or ">99.9%" (at one digit), since the
// rounded figure would claim a certainty the share does not have, and
// two shares that add up to 1 would both round up ("0.1%" beside
// "100.0%").
func Share(x float64, digits int) string {
	s := strconv.FormatFloat(100*x, 'f', digits, 64)
	rounded, _ := strconv.ParseFloat(s, 64)
	step := math.Pow(10, -float64(digits))
	switch {
	case x > 0 && rounded == 0:
		return "<" + strconv.FormatFloat(step, 'f', digits, 64) + "%"
	case x < 1 && rounded == 100:
		return ">" + strconv.FormatFloat(100-step, 'f', digits, 64) + "%"
	}
	return s + "%"
}
