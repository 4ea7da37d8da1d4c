package eaaiplayer;

import ginrummy.Card;
import ginrummy.GinRummyPlayer;

import java.util.ArrayList;
import java.util.List;

/**
 * A stand-in for an EAAI competitor, for the host's test: it plays as the
 * framework's simple example player does, by the documented interface
 * only. It takes the face-up card when the card melds with its hand,
 * discards its highest unmelded card (never the one just taken), and
 * knocks as soon as its deadwood is 10 or less.
 */
public class SimplePlayer implements GinRummyPlayer {
	private int me;
	private final ArrayList<Card> hand = new ArrayList<>();
	private Card taken;

	static int value(Card c) {
		return Math.min(10, c.rank + 1);
	}

	/** melds lists every set and run of cards. */
	static List<List<Card>> melds(List<Card> cards) {
		List<List<Card>> out = new ArrayList<>();
		for (int r = 0; r < 13; r++) {
			List<Card> same = new ArrayList<>();
			for (Card c : cards) {
				if (c.rank == r) {
					same.add(c);
				}
			}
			if (same.size() >= 3) {
				out.add(same);
			}
			if (same.size() == 4) {
				for (Card skip : same) {
					List<Card> three = new ArrayList<>(same);
					three.remove(skip);
					out.add(three);
				}
			}
		}
		for (int s = 0; s < 4; s++) {
			for (int lo = 0; lo < 13; lo++) {
				List<Card> run = new ArrayList<>();
				for (int r = lo; r < 13; r++) {
					Card c = find(cards, r, s);
					if (c == null) {
						break;
					}
					run.add(c);
					if (run.size() >= 3) {
						out.add(new ArrayList<>(run));
					}
				}
			}
		}
		return out;
	}

	static Card find(List<Card> cards, int rank, int suit) {
		for (Card c : cards) {
			if (c.rank == rank && c.suit == suit) {
				return c;
			}
		}
		return null;
	}

	/** best returns the melds that leave the least deadwood. */
	static ArrayList<ArrayList<Card>> best(List<Card> cards) {
		ArrayList<ArrayList<Card>> bestMelds = new ArrayList<>();
		search(melds(cards), 0, new ArrayList<>(), cards, bestMelds, new int[] {deadwood(cards, List.of())});
		return bestMelds;
	}

	private static void search(List<List<Card>> all, int from, List<List<Card>> chosen, List<Card> cards, ArrayList<ArrayList<Card>> best, int[] bestDW) {
		int dw = deadwood(cards, chosen);
		if (dw < bestDW[0]) {
			bestDW[0] = dw;
			best.clear();
			for (List<Card> m : chosen) {
				best.add(new ArrayList<>(m));
			}
		}
		for (int i = from; i < all.size(); i++) {
			List<Card> m = all.get(i);
			boolean free = true;
			for (List<Card> c : chosen) {
				for (Card x : m) {
					free &= !c.contains(x);
				}
			}
			if (free) {
				chosen.add(m);
				search(all, i + 1, chosen, cards, best, bestDW);
				chosen.remove(chosen.size() - 1);
			}
		}
	}

	static int deadwood(List<Card> cards, List<? extends List<Card>> melds) {
		int dw = 0;
		for (Card c : cards) {
			boolean melded = false;
			for (List<Card> m : melds) {
				melded |= m.contains(c);
			}
			dw += melded ? 0 : value(c);
		}
		return dw;
	}

	public void startGame(int playerNum, int startingPlayerNum, Card[] cards) {
		me = playerNum;
		hand.clear();
		hand.addAll(List.of(cards));
		taken = null;
	}

	public boolean willDrawFaceUpCard(Card card) {
		List<Card> with = new ArrayList<>(hand);
		with.add(card);
		for (List<Card> m : melds(with)) {
			if (m.contains(card)) {
				return true;
			}
		}
		return false;
	}

	public void reportDraw(int playerNum, Card drawnCard) {
		if (playerNum == me) {
			hand.add(drawnCard);
			taken = drawnCard;
		}
	}

	public Card getDiscard() {
		ArrayList<ArrayList<Card>> m = best(hand);
		Card worst = null;
		for (Card c : hand) {
			boolean melded = false;
			for (List<Card> x : m) {
				melded |= x.contains(c);
			}
			if (c != taken && !melded && (worst == null || value(c) > value(worst))) {
				worst = c;
			}
		}
		if (worst == null) {
			for (Card c : hand) {
				if (c != taken && (worst == null || c.rank > worst.rank)) {
					worst = c;
				}
			}
		}
		return worst;
	}

	public void reportDiscard(int playerNum, Card discardedCard) {
		if (playerNum == me) {
			hand.remove(discardedCard);
			taken = null;
		}
	}

	public ArrayList<ArrayList<Card>> getFinalMelds() {
		ArrayList<ArrayList<Card>> m = best(hand);
		return deadwood(hand, m) <= 10 ? m : null;
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
