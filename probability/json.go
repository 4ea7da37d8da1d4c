package probability

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
)

type outJSON struct {
	Card     string  `json:"card"`
	Deadwood int     `json:"deadwood"`
	Discard  string  `json:"discard"`
	Kind     string  `json:"kind"`
	Next     float64 `json:"next"`
}

// reachJSON is a row of the reach table: a sampled row has its samples
// and standard errors, zero or not; an exact row has none.
type reachJSON struct {
	Draws    int      `json:"draws"`
	Knock    float64  `json:"knock"`
	Gin      float64  `json:"gin"`
	Method   string   `json:"method"`
	Samples  int      `json:"samples,omitempty"`
	KnockSE  *float64 `json:"knock_se,omitempty"`
	GinSE    *float64 `json:"gin_se,omitempty"`
	Possible bool     `json:"possible"`
}

type outsReportJSON struct {
	Hand       []string           `json:"hand"`
	Deadwood   int                `json:"deadwood"`
	KnockLimit int                `json:"knock_limit"`
	Upcard     *outJSON           `json:"upcard,omitempty"`
	Cards      []outJSON          `json:"cards"`
	Count      map[string]int     `json:"count"`
	Next       map[string]float64 `json:"next"`
	Reach      []reachJSON        `json:"reach"`
}

func outJ(o CardOut) outJSON {
	return outJSON{Card: o.Card.String(), Deadwood: o.Deadwood, Discard: o.Discard.String(), Kind: o.Kind.String(), Next: o.Next}
}

// MarshalJSON writes the report with the fields documented for `outs
// --json`.
func (r OutsReport) MarshalJSON() ([]byte, error) {
	j := outsReportJSON{Hand: r.Hand.Strings(), Deadwood: r.Deadwood, KnockLimit: r.KnockLimit, Count: map[string]int{}, Next: map[string]float64{}}
	if r.Upcard != nil {
		u := outJ(*r.Upcard)
		j.Upcard = &u
	}
	for _, o := range r.Cards {
		j.Cards = append(j.Cards, outJ(o))
	}
	for k := OutGin; k <= OutBlank; k++ {
		j.Count[k.String()] = r.Count[k]
		j.Next[k.String()] = r.NextChance[k]
	}
	for _, row := range r.Reach {
		rj := reachJSON{Draws: row.Draws, Knock: row.Knock, Gin: row.Gin, Method: row.Method, Samples: row.Samples, Possible: row.Possible}
		if row.Samples > 0 {
			rj.KnockSE, rj.GinSE = &row.KnockSE, &row.GinSE
		}
		j.Reach = append(j.Reach, rj)
	}
	return json.Marshal(j)
}

type dangerRowJSON struct {
	Card     string  `json:"card"`
	Deadwood int     `json:"deadwood"`
	Danger   float64 `json:"danger"`
	SE       float64 `json:"se"`
	Allowed  bool    `json:"allowed"`
	Frontier bool    `json:"frontier"`
}

// MarshalJSON writes the report with the fields documented for `danger
// --json`.
func (r DangerReport) MarshalJSON() ([]byte, error) {
	var rows []dangerRowJSON
	for _, d := range r.Discards {
		rows = append(rows, dangerRowJSON{d.Card.String(), d.Deadwood, d.Danger, d.SE, d.Allowed, slices.Contains(r.Frontier, d.Card)})
	}
	return json.Marshal(struct {
		Hand     []string        `json:"hand"`
		Samples  int             `json:"samples"`
		Discards []dangerRowJSON `json:"discards"`
	}{r.Hand.Strings(), r.Samples, rows})
}

type spreadRiskJSON struct {
	Melds            [][]string     `json:"melds"`
	Deadwood         []string       `json:"deadwood"`
	Undercut         float64        `json:"undercut"`
	Win              float64        `json:"win"`
	Points           float64        `json:"points"`
	PointsSE         float64        `json:"points_se"`
	DefenderDeadwood map[string]int `json:"defender_deadwood,omitempty"`
}

func spreadRiskJ(s SpreadRisk) spreadRiskJSON {
	j := spreadRiskJSON{Deadwood: s.Deadwood.Strings(), Undercut: s.Undercut, Win: s.Win, Points: s.Points, PointsSE: s.PointsSE}
	for i := 0; i < s.Spread.N; i++ {
		j.Melds = append(j.Melds, s.Spread.Melds[i].Strings())
	}
	if s.DefenderDeadwood != nil {
		j.DefenderDeadwood = map[string]int{}
		for k, v := range s.DefenderDeadwood {
			j.DefenderDeadwood[strconv.Itoa(k)] = v
		}
	}
	return j
}

// MarshalJSON writes the report with the fields documented for `risk
// --json`.
func (r RiskReport) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Hand               []string       `json:"hand"`
		Samples            int            `json:"samples"`
		Spreads            int            `json:"spreads"`
		Given              spreadRiskJSON `json:"given"`
		BestPoints         spreadRiskJSON `json:"best_points"`
		Safest             spreadRiskJSON `json:"safest"`
		ImproveNext        float64        `json:"improve_next"`
		OpponentKnocksNext float64        `json:"opponent_knocks_next"`
	}{r.Hand.Strings(), r.Samples, r.Spreads, spreadRiskJ(r.Given), spreadRiskJ(r.BestPoints), spreadRiskJ(r.Safest), r.ImproveNext, r.OpponentKnocksNext})
}

// MarshalJSON writes the calibration with the fields documented for
// `calibrate --json`.
func (cal *Calibration) MarshalJSON() ([]byte, error) {
	type bin struct {
		From      float64    `json:"from"`
		To        float64    `json:"to"`
		N         int        `json:"n"`
		Predicted float64    `json:"predicted"`
		Observed  float64    `json:"observed"`
		CI95      [2]float64 `json:"observed_ci95"`
	}
	type gain struct {
		LogLoss     float64     `json:"log_loss"`
		LogLossCI95 *[2]float64 `json:"log_loss_ci95"`
		Brier       float64     `json:"brier"`
		BrierCI95   *[2]float64 `json:"brier_ci95"`
		Games       int         `json:"games"`
	}
	type stage struct {
		Stage       string           `json:"stage"`
		Scores      map[string]Score `json:"scores"`
		Gains       map[string]gain  `json:"gains"`
		Reliability []bin            `json:"reliability"`
	}
	// The keys are the predictors' names in snake case.
	keys := [numPredictors]string{"inference", "uniform_prior", "known_takes"}
	var out []stage
	for i, st := range Stages() {
		s := stage{Stage: st.Name, Scores: map[string]Score{}, Gains: map[string]gain{}}
		for _, b := range cal.Reliability(i, Inferred) {
			s.Reliability = append(s.Reliability, bin{b.From, b.To, b.N, b.Predicted, b.Observed, [2]float64{b.Low, b.High}})
		}
		for j := range keys {
			s.Scores[keys[j]] = cal.Scores[i][j]
			if j == Inferred {
				continue
			}
			// One game gives no spread, and no interval: null.
			g := cal.Gains[i][j]
			ci := func(x, h float64) *[2]float64 {
				if math.IsInf(h, 0) || g.Games < 2 {
					return nil
				}
				return &[2]float64{x - h, x + h}
			}
			s.Gains[keys[j]] = gain{g.LogLoss, ci(g.LogLoss, g.LogLossHalf), g.Brier, ci(g.Brier, g.BrierHalf), g.Games}
		}
		out = append(out, s)
	}
	return json.Marshal(struct {
		Stages []stage `json:"stages"`
		Beats  bool    `json:"beats_baselines"`
	}{out, cal.Beats()})
}
