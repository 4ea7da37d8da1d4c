package engine_test

import (
	"context"
	"fmt"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/rules"
)

func ExamplePlayGame() {
	st, _, err := engine.PlayGame(context.Background(), engine.GameSetup{Rules: rules.Presets()["eaai"], Seed: 1},
		[2]bot.Player{bot.NewSimple(1), bot.NewSimple(2)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("winner:", st.Final.Winner)
	fmt.Println("totals:", st.Final.Totals)
	fmt.Println("hands:", st.Hands)
	// Output:
	// winner: p1
	// totals: [121 23]
	// hands: 10
}
