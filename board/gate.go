package board

import (
	"context"
	"errors"
	"runtime"
	"sync"
)

// errBusy refuses a request at once: the work it asks for already fills
// every slot and the queue behind them.
var errBusy = errors.New("the board is busy: every slot and the queue behind them are taken; try again")

// gate admits at most slots requests at once and keeps at most queue
// more waiting, each until its context ends; a request beyond those is
// refused at once. A request's body is read only once it is admitted, so
// the bytes held in memory are bounded by the slots, whatever the load.
type gate struct {
	slots chan struct{}

	mu      sync.Mutex
	waiting int
	queue   int
}

func newGate(slots, queue int) *gate {
	return &gate{slots: make(chan struct{}, max(1, slots)), queue: max(0, queue)}
}

// enter waits for a slot, and returns the function that gives it back.
// It returns errBusy at once when the queue is full, or ctx's error when
// ctx ends first.
func (g *gate) enter(ctx context.Context) (func(), error) {
	select {
	case g.slots <- struct{}{}:
		return g.leave, nil
	default:
	}
	g.mu.Lock()
	if g.waiting >= g.queue {
		g.mu.Unlock()
		return nil, errBusy
	}
	g.waiting++
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.waiting--
		g.mu.Unlock()
	}()
	select {
	case g.slots <- struct{}{}:
		return g.leave, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (g *gate) leave() { <-g.slots }

// idle says nobody holds a slot or waits for one.
func (g *gate) idle() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.slots) == 0 && g.waiting == 0
}

// analyses is how many analyses run at once when Options.Analyses is 0:
// one a core, so that the cores are busy and no analysis waits on
// another's chunk for its turn on a core.
func (o Options) analyses() int {
	if o.Analyses > 0 {
		return o.Analyses
	}
	return runtime.NumCPU()
}

// queue is how many requests may wait for a slot when Options.Queue is
// 0: a few rounds of the slots, which the time bound can serve.
func (o Options) queue() int {
	if o.Queue > 0 {
		return o.Queue
	}
	return 4 * o.analyses()
}
