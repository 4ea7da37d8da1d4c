package ginrummy;

import java.util.ArrayList;

/**
 * The framework's player interface, restated for the bridge's test from
 * its documented method list (EAAI-2021 framework, version 1.0).
 */
public interface GinRummyPlayer {
	void startGame(int playerNum, int startingPlayerNum, Card[] cards);

	boolean willDrawFaceUpCard(Card card);

	void reportDraw(int playerNum, Card drawnCard);

	Card getDiscard();

	void reportDiscard(int playerNum, Card discardedCard);

	ArrayList<ArrayList<Card>> getFinalMelds();

	void reportFinalMelds(int playerNum, ArrayList<ArrayList<Card>> melds);

	void reportScores(int[] scores);

	void reportLayoff(int playerNum, Card layoffCard, ArrayList<Card> opponentMeld);

	void reportFinalHand(int playerNum, ArrayList<Card> hand);
}
