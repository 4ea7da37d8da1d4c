package ginadvisor;

import ginrummy.Card;
import ginrummy.GinRummyPlayer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The bridge's test: a controller of our own that makes the framework's
 * calls in the framework's order, for a few hands between the bridge and a
 * plain player, and checks every answer of the bridge against the rules:
 * a discard it holds and did not just take from the pile, melds that are
 * melds of its hand within the knock limit. It prints "ok HANDS" and exits
 * 0, or says what went wrong and exits 1.
 */
public class Controller {
	static int value(Card c) {
		return Math.min(10, c.rank + 1);
	}

	static boolean isMeld(List<Card> m) {
		if (m.size() < 3) {
			return false;
		}
		boolean sameRank = true, sameSuit = true;
		for (Card c : m) {
			sameRank &= c.rank == m.get(0).rank;
			sameSuit &= c.suit == m.get(0).suit;
		}
		if (sameRank) {
			return m.size() <= 4;
		}
		if (!sameSuit) {
			return false;
		}
		List<Integer> ranks = new ArrayList<>();
		for (Card c : m) {
			ranks.add(c.rank);
		}
		Collections.sort(ranks);
		for (int i = 1; i < ranks.size(); i++) {
			if (ranks.get(i) != ranks.get(i - 1) + 1) {
				return false;
			}
		}
		return true;
	}

	static void fail(String why) {
		System.out.println("FAIL " + why);
		System.exit(1);
	}

	/** checkMelds checks melds of hand and returns the deadwood left. */
	static int checkMelds(List<Card> hand, List<ArrayList<Card>> melds, String who) {
		Set<Card> used = new HashSet<>();
		for (List<Card> m : melds) {
			if (m.isEmpty()) {
				continue;
			}
			if (!isMeld(m)) {
				fail(who + " laid down " + m + ", not a meld");
			}
			for (Card c : m) {
				if (!hand.contains(c) || !used.add(c)) {
					fail(who + " laid down " + c + ", which it does not hold or used twice");
				}
			}
		}
		int dw = 0;
		for (Card c : hand) {
			if (!used.contains(c)) {
				dw += value(c);
			}
		}
		return dw;
	}

	/** Plain never takes the upcard, throws its highest card, never knocks. */
	static class Plain implements GinRummyPlayer {
		ArrayList<Card> hand = new ArrayList<>();
		Card drawn;

		public void startGame(int playerNum, int startingPlayerNum, Card[] cards) {
			hand = new ArrayList<>(List.of(cards));
		}

		public boolean willDrawFaceUpCard(Card card) {
			return false;
		}

		public void reportDraw(int playerNum, Card drawnCard) {
			if (drawnCard != null && hand.size() == 10 && playerNum == me) {
				hand.add(drawnCard);
			}
		}

		int me;

		public Card getDiscard() {
			Card worst = hand.get(0);
			for (Card c : hand) {
				if (c.rank > worst.rank) {
					worst = c;
				}
			}
			return worst;
		}

		public void reportDiscard(int playerNum, Card discardedCard) {
			if (playerNum == me) {
				hand.remove(discardedCard);
			}
		}

		public ArrayList<ArrayList<Card>> getFinalMelds() {
			return null;
		}

		public void reportFinalMelds(int playerNum, ArrayList<ArrayList<Card>> melds) {
		}

		public void reportScores(int[] scores) {
		}

		public void reportLayoff(int playerNum, Card layoffCard, ArrayList<Card> opponentMeld) {
		}

		public void reportFinalHand(int playerNum, ArrayList<Card> hand) {
		}
	}

	public static void main(String[] args) {
		int hands = Integer.parseInt(args.length > 0 ? args[0] : "3");
		Random rng = new Random(7);
		GinadvisorPlayer bridge = new GinadvisorPlayer();
		Plain plain = new Plain();
		GinRummyPlayer[] players = {bridge, plain};
		plain.me = 1;
		int[] scores = {0, 0};
		int played = 0;
		int starter = 0;
		while (played < hands) {
			List<Card> deck = new ArrayList<>(List.of(Card.allCards));
			Collections.shuffle(deck, rng);
			List<List<Card>> held = List.of(new ArrayList<>(), new ArrayList<>());
			for (int i = 0; i < 20; i++) {
				held.get(i % 2).add(deck.remove(deck.size() - 1));
			}
			for (int p = 0; p < 2; p++) {
				players[p].startGame(p, starter, held.get(p).toArray(new Card[0]));
			}
			List<Card> pile = new ArrayList<>();
			pile.add(deck.remove(deck.size() - 1));
			int turn = starter;
			boolean first = true;
			int knocker = -1;
			ArrayList<ArrayList<Card>> knockMelds = null;
			while (deck.size() > 2) {
				Card top = pile.get(pile.size() - 1);
				Card drawn;
				boolean faceUp = players[turn].willDrawFaceUpCard(top);
				if (first && !faceUp) {
					// The first upcard goes to the dealer next.
					if (players[1 - turn].willDrawFaceUpCard(top)) {
						turn = 1 - turn;
						faceUp = true;
					}
				}
				first = false;
				if (faceUp) {
					drawn = pile.remove(pile.size() - 1);
				} else {
					drawn = deck.remove(deck.size() - 1);
				}
				held.get(turn).add(drawn);
				for (int p = 0; p < 2; p++) {
					players[p].reportDraw(turn, faceUp || p == turn ? drawn : null);
				}
				Card d = players[turn].getDiscard();
				if (!held.get(turn).contains(d) || (faceUp && d.equals(drawn))) {
					fail("player " + turn + " discarded " + d + " from " + held.get(turn) + (faceUp ? ", having taken " + drawn : ""));
				}
				held.get(turn).remove(d);
				pile.add(d);
				for (int p = 0; p < 2; p++) {
					players[p].reportDiscard(turn, d);
				}
				ArrayList<ArrayList<Card>> melds = players[turn].getFinalMelds();
				if (melds != null) {
					int dw = checkMelds(held.get(turn), melds, "player " + turn);
					if (dw > 10) {
						fail("player " + turn + " knocked with " + dw + " deadwood");
					}
					knocker = turn;
					knockMelds = melds;
					break;
				}
				turn = 1 - turn;
			}
			if (knocker >= 0) {
				for (int p = 0; p < 2; p++) {
					players[p].reportFinalMelds(knocker, knockMelds);
				}
				ArrayList<ArrayList<Card>> defence = players[1 - knocker].getFinalMelds();
				if (defence == null) {
					defence = new ArrayList<>();
				}
				checkMelds(held.get(1 - knocker), defence, "the defender");
				for (int p = 0; p < 2; p++) {
					players[p].reportFinalMelds(1 - knocker, defence);
				}
				int kdw = checkMelds(held.get(knocker), knockMelds, "the knocker");
				int ddw = checkMelds(held.get(1 - knocker), defence, "the defender");
				if (kdw == 0) {
					scores[knocker] += 25 + ddw;
				} else if (ddw <= kdw) {
					scores[1 - knocker] += 25 + kdw - ddw;
				} else {
					scores[knocker] += ddw - kdw;
				}
				for (int p = 0; p < 2; p++) {
					for (int q = 0; q < 2; q++) {
						players[p].reportFinalHand(q, new ArrayList<>(held.get(q)));
					}
				}
			}
			for (int p = 0; p < 2; p++) {
				players[p].reportScores(scores.clone());
			}
			if (scores[0] >= 100 || scores[1] >= 100) {
				scores = new int[] {0, 0};
			}
			played++;
			starter = 1 - starter;
		}
		bridge.close();
		System.out.println("ok " + played);
	}
}
