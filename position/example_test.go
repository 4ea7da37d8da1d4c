package position_test

import (
	"fmt"

	"github.com/ginadvisor/ginadvisor/position"
)

func ExampleParse() {
	p, err := position.Parse("p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("unseen:", p.Unseen().Len(), "of which the opponent hides", p.OpponentHidden())
	fmt.Println("dead:", p.Dead())

	_, err = position.Parse("p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,AC stock=30 dealer=p1")
	fmt.Println(err)
	// Output:
	// unseen: 40 of which the opponent hides 10
	// dead: KS
	// column 49: AC is in the hand and the pile
}
