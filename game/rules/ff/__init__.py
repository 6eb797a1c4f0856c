"""Fighting Fantasy rules (DF31, DF49, DF64): creation, combat, archery, resources, calendar."""
