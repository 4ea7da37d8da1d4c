package probability

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// chunk is how many samples one random stream draws. Chunks, not workers,
// own the random streams, so a seed gives the same figures at any worker
// count.
const chunk = 256

// parallel runs samples draws in chunks over workers goroutines (0: one
// per core), each chunk with its own random stream from seed, and returns
// the chunks' results in chunk order. When ctx is done it stops within a
// chunk a worker and returns ctx's error.
func parallel[T any](ctx context.Context, samples int, seed uint64, workers int, run func(rng *rand.Rand, n int) T) ([]T, error) {
	chunks := (samples + chunk - 1) / chunk
	out := make([]T, chunks)
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = max(1, min(workers, chunks))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= chunks || ctx.Err() != nil {
					return
				}
				n := min(chunk, samples-i*chunk)
				out[i] = run(rand.New(rand.NewPCG(seed, uint64(i)+1)), n)
			}
		}()
	}
	wg.Wait()
	return out, ctx.Err()
}
