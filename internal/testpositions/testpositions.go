// Package testpositions holds positions whose right answer is known, worked
// by hand, for the tests and examples of several packages.
package testpositions

const (
	// UndercutCertain: the opponent kept the ten cards it took, AH
	// 2H 3H, 5C 5D 5S, 9S TS JS and the 2C: 2 deadwood. Knocking with 10
	// is undercut for certain (25 + 8 = 33 to the opponent), so the advice
	// is to play on.
	UndercutCertain = "p1 knock hand=7C,7D,7H,KC,KD,KH,AC,2D,3S,4C pile=QC,QD,QH,QS,JC,JD,JH,TC,TD,TH,9C stock=21 took=AH,2H,3H,5C,5D,5S,9S,TS,JS,2C passed=- discards=QC,QD,QH,QS,JC,JD,JH,TC,TD,TH drawn=KH dealer=p2 rules=eaai"
	// LateKnock: 1 deadwood, three cards left in a stock that dies
	// at two. Playing on mostly ends in a dead hand; knocking wins now.
	LateKnock = "p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC pile=2D,6H,5H,6C,QS,AH,9S,JD,KS,TS,5D,QH,QD,QC,JH,4C,4H,8S,8C,JC,4D,9C,2C,9H,TD,6S,9D,3D,AS stock=3 took=- passed=- discards=6H,6C,AH,JD,TS,QH,QC,4C,8S,JC,9C,9H,6S,3D drawn=AC dealer=p2 rules=eaai"
	// DeadCard: the KS melds with nothing that can still come, since
	// the QS and the other kings are buried in the pile: it is the card to
	// dump, at 0% danger.
	DeadCard = "p1 discard hand=AS,2S,3S,7C,7D,7H,4D,5D,6D,KS,9C pile=QS,KC,KD,KH,JD stock=26 took=- passed=QS,KH discards=KC,JD drawn=9C dealer=p2 rules=eaai"
	// NearTie is the discard of docs/protocol.md's exchange, after the
	// AS drawn: discard AS, 7C and 9H are worth about the same, within
	// 1% of equity at 8,000 worlds, and the advice at seed 1 marks ties
	// at 16, 256 and 2,048 worlds.
	NearTie = "p1 discard hand=2C,3C,7C,JD,4H,5H,6H,9H,QH,AS,JS pile=KD stock=30 first=5S took=5S passed=- discards=KD drawn=AS draws=2 score=0-0 dealer=p2 rules=eaai number=1"
)

// LargestTarget is a mid-game eaai decision under the largest target the
// rules accept.
const LargestTarget = "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=90000-3 dealer=p1 rules=eaai,target=100000 number=700"
