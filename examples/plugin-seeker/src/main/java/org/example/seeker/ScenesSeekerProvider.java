package org.example.seeker;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerAgentProvider;

/**
 * Makes {@link ScenesSeeker}s for {@code --seeker scenes:N} (N questions at most; {@code scenes} alone: 4). Listed in
 * {@code META-INF/services/io.clarq.core.clarqllm.seeker.SeekerAgentProvider}, so clarq finds it on the class path.
 */
public final class ScenesSeekerProvider implements SeekerAgentProvider {
  @Override
  public String scheme() {
    return "scenes";
  }

  @Override
  public SeekerAgent create(String args) {
    if (args.isEmpty()) {
      return new ScenesSeeker(4);
    }
    try {
      return new ScenesSeeker(Integer.parseInt(args.strip()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected the number of questions (scenes:3), got '" + args + "'", e);
    }
  }
}
