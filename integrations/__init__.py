"""Our verifiers inside other trainers: :mod:`integrations.trl` (a GRPOTrainer reward function) and
:mod:`integrations.verl` (a ``compute_score`` for verl's reward managers). Both score through the scoring pool,
so the pool's timeouts, process isolation and typed statuses hold there too."""
